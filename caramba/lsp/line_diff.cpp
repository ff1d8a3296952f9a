// line_diff.cpp — see line_diff.h.
#include "caramba/lsp/line_diff.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace caramba::lsp {

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') {
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      out.push_back(text.substr(start, i + 1 - start));
      start = i + 1;
    }
  }
  if (start < text.size()) out.push_back(text.substr(start));
  return out;
}

namespace {

// Myers' greedy forward search on the middle part a[0..n) vs b[0..m) (line
// ids), keeping each round's furthest-reaching diagonals so the script can be
// traced back. Returns false when the edit distance exceeds max_cost.
// `keep_a[i]` / `keep_b[j]` come back true for lines that match.
bool Myers(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, uint32_t max_cost,
           std::vector<bool>* keep_a, std::vector<bool>* keep_b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int max_d = std::min(n + m, static_cast<int>(max_cost));
  const int off = max_d + 1;
  std::vector<int> v(2 * static_cast<size_t>(max_d) + 3, 0);
  // trace[d] is the diagonal array before round d, restricted to the
  // diagonals round d reads (k-1 and k+1 for k in [-d, d]): O(D^2) memory.
  std::vector<std::vector<int>> trace;
  int found = -1;
  for (int d = 0; d <= max_d && found < 0; ++d) {
    trace.emplace_back(v.begin() + (off - d - 1), v.begin() + (off + d + 2));
    for (int k = -d; k <= d; k += 2) {
      int x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) ++x, ++y;
      v[off + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return false;
  keep_a->assign(n, false);
  keep_b->assign(m, false);
  // Walk back through the rounds: each round added one insertion or deletion
  // followed by a run of matching lines (a "snake").
  int x = n, y = m;
  for (int d = found; d >= 0; --d) {
    const std::vector<int>& pv = trace[d];
    auto at = [&](int k) { return pv[k + d + 1]; };
    int k = x - y;
    int prev_k = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
    int prev_x = at(prev_k);
    int prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) {
      --x, --y;
      (*keep_a)[x] = true;
      (*keep_b)[y] = true;
    }
    x = prev_x;
    y = prev_y;
  }
  return true;
}

}  // namespace

std::vector<LineHunk> DiffLines(std::string_view before, std::string_view after, uint32_t max_cost) {
  std::vector<std::string_view> a = SplitLines(before), b = SplitLines(after);
  std::vector<uint32_t> a_start(a.size() + 1, 0);
  for (size_t i = 0; i < a.size(); ++i) a_start[i + 1] = a_start[i] + static_cast<uint32_t>(a[i].size());

  // Common prefix and suffix first: a translation usually touches a few
  // regions of a long file, and this keeps the quadratic part small.
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
  size_t n = a.size() - pre - suf, m = b.size() - pre - suf;
  std::vector<LineHunk> hunks;
  if (n == 0 && m == 0) return hunks;

  // Lines as small integers so the search compares numbers, not strings.
  std::unordered_map<std::string_view, uint32_t> ids;
  std::vector<uint32_t> ia(n), ib(m);
  for (size_t i = 0; i < n; ++i) ia[i] = ids.emplace(a[pre + i], static_cast<uint32_t>(ids.size())).first->second;
  for (size_t j = 0; j < m; ++j) ib[j] = ids.emplace(b[pre + j], static_cast<uint32_t>(ids.size())).first->second;

  std::vector<bool> keep_a, keep_b;
  if (!Myers(ia, ib, max_cost, &keep_a, &keep_b)) {
    keep_a.assign(n, false);
    keep_b.assign(m, false);
  }
  auto emit = [&](size_t i0, size_t i1, size_t j0, size_t j1) {
    LineHunk h;
    h.old_begin = static_cast<uint32_t>(pre + i0);
    h.old_end = static_cast<uint32_t>(pre + i1);
    h.new_begin = static_cast<uint32_t>(pre + j0);
    h.new_end = static_cast<uint32_t>(pre + j1);
    h.old_start_byte = a_start[h.old_begin];
    h.old_end_byte = a_start[h.old_end];
    for (size_t j = j0; j < j1; ++j) h.new_text.append(b[pre + j]);
    hunks.push_back(std::move(h));
  };
  size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && keep_a[i] && keep_b[j]) {
      ++i, ++j;
      continue;
    }
    size_t i0 = i, j0 = j;
    while (i < n && !keep_a[i]) ++i;
    while (j < m && !keep_b[j]) ++j;
    emit(i0, i, j0, j);
  }
  return hunks;
}

std::string ApplyHunks(std::string_view before, const std::vector<LineHunk>& hunks) {
  std::string out;
  uint32_t at = 0;
  for (const LineHunk& h : hunks) {
    out.append(before.substr(at, h.old_start_byte - at));
    out.append(h.new_text);
    at = h.old_end_byte;
  }
  out.append(before.substr(at));
  return out;
}

}  // namespace caramba::lsp
