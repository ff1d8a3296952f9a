// diff.cpp — see diff.h.
#include "caramba/batch/diff.h"

#include <cstdio>

#include <algorithm>
#include <vector>

namespace caramba {

namespace {

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(start, end - start));
    start = end;
  }
  return lines;
}

enum class Op { kKeep, kDelete, kInsert };
struct Step {
  Op op;
  size_t a, b;  // line index in before (kKeep/kDelete) and after (kKeep/kInsert)
};

// Myers' greedy shortest edit script between a[lo_a, hi_a) and b[lo_b, hi_b).
void Myers(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b, size_t lo_a,
           size_t hi_a, size_t lo_b, size_t hi_b, std::vector<Step>& out) {
  const long n = static_cast<long>(hi_a - lo_a), m = static_cast<long>(hi_b - lo_b);
  const long max = n + m;
  std::vector<long> v(2 * max + 2, 0);
  // trace[d] holds v[-d..d] as it was before round d: O(D^2) memory, not
  // O(D(N+M)), so a long file with changes at both ends stays cheap.
  std::vector<std::vector<long>> trace;
  long d_found = -1;
  // Past kMaxEdits the trace would cost O(D^2) memory and time (a file
  // rewritten from top to bottom): give up on a minimal script and replace
  // the whole region, which is still a correct diff.
  const long kMaxEdits = 4096;
  for (long d = 0; d <= max && d_found < 0; ++d) {
    if (d > kMaxEdits) {
      for (size_t i = lo_a; i < hi_a; ++i) out.push_back({Op::kDelete, i, lo_b});
      for (size_t j = lo_b; j < hi_b; ++j) out.push_back({Op::kInsert, hi_a, j});
      return;
    }
    trace.emplace_back(v.begin() + (max - d), v.begin() + (max + d + 1));
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? v[k + 1 + max] : v[k - 1 + max] + 1;
      long y = x - k;
      while (x < n && y < m && a[lo_a + x] == b[lo_b + y]) ++x, ++y;
      v[k + max] = x;
      if (x >= n && y >= m) {
        d_found = d;
        break;
      }
    }
  }
  // Walk the trace backwards to recover the script.
  std::vector<Step> rev;
  long x = n, y = m;
  for (long d = d_found; d > 0; --d) {
    const std::vector<long>& pv = trace[d];  // index k + d
    long k = x - y;
    long prev_k = (k == -d || (k != d && pv[k - 1 + d] < pv[k + 1 + d])) ? k + 1 : k - 1;
    long prev_x = pv[prev_k + d], prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) rev.push_back({Op::kKeep, size_t(lo_a + --x), size_t(lo_b + --y)});
    if (x == prev_x) rev.push_back({Op::kInsert, size_t(lo_a + x), size_t(lo_b + --y)});
    else rev.push_back({Op::kDelete, size_t(lo_a + --x), size_t(lo_b + y)});
  }
  while (x > 0 && y > 0) rev.push_back({Op::kKeep, size_t(lo_a + --x), size_t(lo_b + --y)});
  out.insert(out.end(), rev.rbegin(), rev.rend());
}

void AppendLine(std::string& out, char mark, std::string_view line) {
  out += mark;
  out.append(line.data(), line.size());
  if (line.empty() || line.back() != '\n') out += "\n\\ No newline at end of file\n";
}

std::string Range(size_t start, size_t count) {
  // diff -u: "l,s"; a count of 1 is omitted; an empty range names the line before it.
  if (count == 0) return std::to_string(start) + ",0";
  if (count == 1) return std::to_string(start + 1);
  return std::to_string(start + 1) + "," + std::to_string(count);
}

}  // namespace

std::string DiffHeaderName(std::string_view name) {
  bool special = false, space = false;
  for (unsigned char c : name) {
    if (c == '"' || c == '\\' || c < 0x20 || c == 0x7f) special = true;
    if (c == ' ') space = true;
  }
  if (special) {
    // C-style quoting, as git writes such names and GNU patch reads them.
    std::string q = "\"";
    for (unsigned char c : name) {
      switch (c) {
        case '"': q += "\\\""; break;
        case '\\': q += "\\\\"; break;
        case '\n': q += "\\n"; break;
        case '\t': q += "\\t"; break;
        case '\r': q += "\\r"; break;
        default:
          if (c < 0x20 || c == 0x7f) {
            char oct[8];
            std::snprintf(oct, sizeof oct, "\\%03o", c);
            q += oct;
          } else {
            q += static_cast<char>(c);
          }
      }
    }
    return q + "\"";
  }
  // A name with spaces ends at a tab, as git and diff -u write it: patch and
  // git apply would otherwise cut it at the first space.
  return space ? std::string(name) + "\t" : std::string(name);
}

std::string UnifiedDiff(std::string_view before, std::string_view after, std::string_view from_label,
                        std::string_view to_label, int context) {
  if (before == after) return {};
  auto a = SplitLines(before), b = SplitLines(after);
  size_t pre = 0;
  while (pre < a.size() && pre < b.size() && a[pre] == b[pre]) ++pre;
  size_t suf = 0;
  while (suf < a.size() - pre && suf < b.size() - pre && a[a.size() - 1 - suf] == b[b.size() - 1 - suf]) ++suf;
  std::vector<Step> steps;
  for (size_t i = 0; i < pre; ++i) steps.push_back({Op::kKeep, i, i});
  Myers(a, b, pre, a.size() - suf, pre, b.size() - suf, steps);
  for (size_t i = 0; i < suf; ++i) steps.push_back({Op::kKeep, a.size() - suf + i, b.size() - suf + i});

  std::string out;
  out += "--- " + DiffHeaderName(from_label) + "\n";
  out += "+++ " + DiffHeaderName(to_label) + "\n";
  const size_t ctx = static_cast<size_t>(std::max(context, 0));
  size_t i = 0;
  while (i < steps.size()) {
    // Find the next change; a hunk spans changes closer than 2*ctx keeps.
    while (i < steps.size() && steps[i].op == Op::kKeep) ++i;
    if (i == steps.size()) break;
    size_t begin = i >= ctx ? i - ctx : 0;
    size_t end = i;
    for (;;) {
      while (end < steps.size() && steps[end].op != Op::kKeep) ++end;
      size_t keeps = 0;
      while (end + keeps < steps.size() && steps[end + keeps].op == Op::kKeep) ++keeps;
      if (end + keeps < steps.size() && keeps <= 2 * ctx) {
        end += keeps;
        continue;
      }
      end += std::min(keeps, ctx);
      break;
    }
    size_t a_start = steps[begin].a, b_start = steps[begin].b, a_count = 0, b_count = 0;
    std::string body;
    for (size_t s = begin; s < end; ++s) {
      const Step& st = steps[s];
      if (st.op != Op::kInsert) ++a_count;
      if (st.op != Op::kDelete) ++b_count;
      if (st.op == Op::kKeep) AppendLine(body, ' ', a[st.a]);
      else if (st.op == Op::kDelete) AppendLine(body, '-', a[st.a]);
      else AppendLine(body, '+', b[st.b]);
    }
    out += "@@ -" + Range(a_start, a_count) + " +" +
           Range(b_start, b_count) + " @@\n";
    out += body;
    i = end;
  }
  return out;
}

}  // namespace caramba
