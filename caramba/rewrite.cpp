// rewrite.cpp — see rewrite.h.
#include "caramba/rewrite.h"

#include <algorithm>

#include "caramba/syntax.h"

namespace caramba {

void EditList::Replace(uint32_t start, uint32_t end, std::string text, std::string_view detail) {
  Edit e;
  e.start = start;
  e.end = end;
  e.replacement = std::move(text);
  e.producer = detail.empty() ? producer_ : producer_ + " (" + std::string(detail) + ")";
  e.sequence = static_cast<uint32_t>(edits_.size());
  edits_.push_back(std::move(e));
}

void EditList::Insert(uint32_t at, std::string text, std::string_view detail) {
  Replace(at, at, std::move(text), detail);
}

void EditList::Remove(uint32_t start, uint32_t end, std::string_view detail) {
  Replace(start, end, std::string(), detail);
}

void EditList::Append(const EditList& other) {
  for (Edit e : other.edits_) {
    e.sequence = static_cast<uint32_t>(edits_.size());
    edits_.push_back(std::move(e));
  }
}

namespace {
std::string Describe(const Edit& e) {
  std::string kind = e.start == e.end ? "insertion at " + std::to_string(e.start)
                                      : "replacement of bytes " + std::to_string(e.start) + ".." +
                                            std::to_string(e.end);
  return kind + " by " + (e.producer.empty() ? std::string("<unnamed>") : e.producer);
}
}  // namespace

ApplyResult ApplyEdits(std::string_view text, const std::vector<Edit>& edits) {
  std::vector<const Edit*> order;
  order.reserve(edits.size());
  for (const Edit& e : edits) {
    if (e.start > e.end || e.end > text.size())
      return {{}, Describe(e) + " lies outside the text (" + std::to_string(text.size()) + " bytes)"};
    order.push_back(&e);
  }
  // Sort by start; at one offset insertions come before a replacement that
  // starts there, and insertions keep their creation order (stable).
  std::stable_sort(order.begin(), order.end(), [](const Edit* a, const Edit* b) {
    if (a->start != b->start) return a->start < b->start;
    bool ai = a->start == a->end, bi = b->start == b->end;
    if (ai != bi) return ai;  // insertion first
    return a->sequence < b->sequence;
  });
  for (size_t i = 1; i < order.size(); ++i) {
    const Edit* p = order[i - 1];
    const Edit* c = order[i];
    bool overlap = c->start < p->end ||                                      // starts inside previous
                   (c->start == p->start && c->start != c->end && p->start != p->end);  // two replacements
    if (overlap) return {{}, Describe(*p) + " overlaps " + Describe(*c)};
  }
  size_t extra = 0;
  for (const Edit* e : order) extra += e->replacement.size();
  std::string out;
  out.reserve(text.size() + extra);
  uint32_t pos = 0;
  for (const Edit* e : order) {
    out.append(text.substr(pos, e->start - pos));
    out.append(e->replacement);
    pos = std::max(pos, e->end);
  }
  out.append(text.substr(pos));
  return {std::move(out), std::nullopt};
}

namespace {
// The line starts inside multi-line strings that overlap [start, end): only
// the subtrees that overlap the range are walked (Reindent runs once per
// moved statement, and a walk of the whole module each time showed in
// profiles of the phase lowering).
std::set<uint32_t> LineStartsInsideStrings(const Tree& tree, uint32_t start, uint32_t end) {
  std::set<uint32_t> out;
  std::string_view src = tree.Source();
  Walk(tree.Root(), [&](const Node& n) {
    if (n.EndByte() <= start || n.StartByte() >= end) return false;
    std::string_view t = n.Type();
    if (t == "string" || t == "concatenated_string") {
      if (n.StartPoint().row != n.EndPoint().row) {
        for (uint32_t i = n.StartByte(); i < n.EndByte(); ++i) {
          if (src[i] == '\n' || (src[i] == '\r' && (i + 1 >= src.size() || src[i + 1] != '\n')))
            out.insert(i + 1);
        }
      }
      return false;
    }
    return true;
  });
  return out;
}
}  // namespace

std::set<uint32_t> LineStartsInsideStrings(const Tree& tree) {
  return LineStartsInsideStrings(tree, 0, static_cast<uint32_t>(tree.Source().size()) + 1);
}

std::string Reindent(const Tree& tree, uint32_t start, uint32_t end, std::string_view old_prefix,
                     std::string_view new_prefix) {
  std::string_view src = tree.Source();
  // Only line starts after a newline inside the range are looked up: strings
  // that end at `start` or begin at `end` cannot hold one.
  std::set<uint32_t> frozen = LineStartsInsideStrings(tree, start, end);
  std::string out;
  out.reserve(end - start + 64);
  uint32_t i = start;
  bool at_line_start = false;
  while (i < end) {
    if (at_line_start) {
      at_line_start = false;
      // Blank line (only whitespace) or a line inside a string: copy as is.
      uint32_t j = i;
      while (j < end && (src[j] == ' ' || src[j] == '\t')) ++j;
      bool blank = j >= end || src[j] == '\n' || src[j] == '\r';
      if (!blank && !frozen.count(i) && src.substr(i, old_prefix.size()) == old_prefix) {
        out.append(new_prefix);
        i += static_cast<uint32_t>(old_prefix.size());
        continue;
      }
    }
    char c = src[i];
    out.push_back(c);
    ++i;
    if (c == '\n' || (c == '\r' && (i >= src.size() || src[i] != '\n'))) at_line_start = true;
  }
  return out;
}

std::string IndentLines(std::string_view text, std::string_view indent, std::string_view newline) {
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) {
      out.append(indent);
      out.append(line);
    }
    if (nl == std::string_view::npos) break;
    out.append(newline);
    pos = nl + 1;
  }
  return out;
}

}  // namespace caramba
