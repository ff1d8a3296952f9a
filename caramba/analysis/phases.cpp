// phases.cpp — see phases.h.
#include "caramba/analysis/phases.h"

#include <algorithm>
#include <map>

#include "caramba/analysis/host_rebindings.h"
#include "caramba/analysis/iteration_privacy.h"
#include "caramba/analysis/loop_dependence.h"
#include "caramba/analysis/phase_checks.h"
#include "caramba/analysis/walk.h"

namespace caramba {

namespace {

constexpr std::string_view kPhaseInfix = "_phase";

// A phase of one loop, before its interface is known.
Phase OneLoop(const Node& loop, bool parallel) {
  Phase p;
  p.loops = {loop};
  p.parallel = parallel;
  return p;
}

bool ContainsLoop(const Node& n) {
  bool found = false;
  Walk(n, [&](const Node& c) {
    if (c.Type() == "for_statement" || c.Type() == "while_statement") found = true;
    return !found;
  });
  return found;
}

// Names a statement or loop binds: assignment targets (also inside tuple
// targets) and loop variables.
void AssignedNames(const Node& root, std::set<std::string>& out, bool loop_variables = true) {
  Walk(root, [&](const Node& n) {
    std::string_view t = n.Type();
    if (t == "assignment" || t == "augmented_assignment" || (loop_variables && t == "for_statement")) {
      Node l = n.ChildByField("left");
      if (l.Type() == "identifier") {
        out.insert(std::string(l.Text()));
      } else if (l.Type() == "pattern_list" || l.Type() == "tuple_pattern") {
        for (const Node& c : l.NamedChildren())
          if (c.Type() == "identifier") out.insert(std::string(c.Text()));
      }
    }
    return true;
  });
}

// The chain of perfectly nested loops starting at `loop`.
std::vector<Node> Nest(const Node& loop, const ImportTable& imports) {
  std::vector<Node> out{loop};
  while (Node inner = PerfectlyNestedLoop(out.back(), imports)) out.push_back(inner);
  return out;
}

std::string Header(const Node& loop) {
  return std::string(loop.ChildByField("left").Text()) + " in " + std::string(loop.ChildByField("right").Text());
}

// One step of a host block: a statement the host runs, or a phase.
struct Item {
  Node stmt;        // the statement (a host statement or the last loop of a phase)
  int phase = -1;   // index into phases_, or -1 for a host statement
};

class Planner {
 public:
  explicit Planner(const PhaseInput& in) : in_(in), body_(in.def.ChildByField("body")) {
    for (const auto& [name, type] : in.types) vars_.insert(name);
    for (const auto& p : in.params) vars_.insert(p);
    // In a phase kernel the host's arrays are parameters too: their overlaps
    // are checked when it is dispatched (np.may_share_memory).
    array_params_ = in.params;
    for (const auto& [name, type] : in.types)
      if (type.rank > 0 && std::find(in.params.begin(), in.params.end(), name) == in.params.end())
        array_params_.push_back(name);
  }

  PhaseProgram Run() {
    PhaseProgram r;
    if (!Block(body_, phases_)) {
      r.reason = reason_;
      return r;
    }
    if (!Split()) {
      r.reason = reason_;
      return r;
    }
    for (Phase& p : phases_)
      if (!Interface(p)) {
        r.reason = reason_;
        return r;
      }
    r.ok = true;
    r.phases = phases_;
    for (const Phase& p : phases_) r.parallel_phases += p.parallel;
    return r;
  }

 private:
  // Names a phase binds: its loops' assignments and variables, or, for a
  // part of a split loop, the loop variable and its statements' targets.
  void AssignedIn(const Phase& p, std::set<std::string>& out) const {
    if (p.only.empty()) {
      for (const Node& l : p.loops) AssignedNames(l, out);
      return;
    }
    out.insert(std::string(p.loops[0].ChildByField("left").Text()));
    for (const Node& st : p.only) AssignedNames(st, out);
  }

  // One loop computing several values for later statements becomes one
  // phase per value, each with the statements that value needs.
  bool Split() {
    std::vector<Phase> out;
    for (Phase& p : phases_) {
      std::set<std::string> assigned, outputs;
      AssignedIn(p, assigned);
      for (const auto& a : assigned)
        if (vars_.count(a) && ReadLater(a, p)) outputs.insert(a);
      if (outputs.size() <= 1 || p.loops.size() != 1) {
        out.push_back(p);
        continue;
      }
      std::vector<Phase> parts;
      std::string saved = reason_;
      if (!SplitLoop(p, outputs, parts)) {
        if (p.parallel) return false;
        // A serial loop keeps them together (Interface: one cell each).
        reason_ = saved;
        out.push_back(p);
        continue;
      }
      for (auto& q : parts) out.push_back(std::move(q));
    }
    phases_ = std::move(out);
    return true;
  }

  bool SplitLoop(const Phase& p, const std::set<std::string>& outputs, std::vector<Phase>& parts) {
    const Node& loop = p.loops[0];
    std::string line = std::to_string(loop.StartPoint().row + 1);
    auto fail = [&]() {
      return Fail("the loop at line " + line + " computes several values for later statements (" +
                  [&] {
                    std::string s;
                    for (const auto& o : outputs) s += (s.empty() ? "'" : ", '") + o + "'";
                    return s;
                  }() +
                  ") from statements that depend on each other");
    };
    // A while loop's condition decides how often every value's statements
    // run, and has no header a part could copy: its values stay together.
    if (loop.Type() != "for_statement") return fail();
    // A break or continue of the loop itself (not of an inner loop) decides
    // it too: the statement holding it goes into every part, with what its
    // condition reads (below); a return stays together.
    auto exits = [](const Node& st) {
      int kind = 0;  // 1: break/continue, 2: return
      Walk(st, [&](const Node& n) {
        std::string_view t = n.Type();
        if (t == "return_statement") kind = 2;
        if ((t == "break_statement" || t == "continue_statement") && kind == 0) kind = 1;
        return kind != 2 && t != "for_statement" && t != "while_statement" && t != "function_definition";
      });
      return kind;
    };
    std::vector<Node> stmts = Statements(loop.ChildByField("body"));
    std::map<std::string, std::vector<size_t>> writers;  // name -> statements assigning it
    std::vector<std::set<std::string>> reads(stmts.size());
    std::vector<size_t> checks;   // every part runs the deferred checks
    std::vector<size_t> control;  // and the statements that break or continue
    for (size_t i = 0; i < stmts.size(); ++i) {
      // Each statement sets names (at most one of the values) and no array
      // element: then each part can run the statements it needs alone (in a
      // parallel loop, an inner loop too: `for j in ...: total += a[i, j]`).
      Node st = stmts[i];
      if (std::find(p.checks.begin(), p.checks.end(), st) != p.checks.end()) {
        checks.push_back(i);
        continue;
      }
      int exit_kind = exits(st);
      if (exit_kind == 2) return fail();
      // (A serial loop with inner loops keeps its values together, in cells.)
      if (!p.parallel && ContainsLoop(st)) return fail();
      bool element_write = false;
      Walk(st, [&](const Node& n) {
        if ((n.Type() == "assignment" || n.Type() == "augmented_assignment") &&
            n.ChildByField("left").Type() != "identifier")
          element_write = true;
        return !element_write;
      });
      std::set<std::string> targets;
      AssignedNames(st, targets);
      int values = 0;
      for (const auto& t : targets) values += outputs.count(t);
      if (element_write || values > 1) return fail();
      // A statement that leaves the iteration sets nothing of its own.
      if (exit_kind == 1 && !targets.empty()) return fail();
      if (exit_kind == 1) control.push_back(i);
      for (const auto& t : targets) writers[t].push_back(i);
      WalkWithParent(st, st.Parent(), [&](const Node& n, const Node& par) {
        if (n.Type() == "identifier" && IsNameUse(n, par)) reads[i].insert(std::string(n.Text()));
        return true;
      });
    }
    for (const auto& o : outputs) {
      std::set<size_t> need;
      std::vector<size_t> todo = writers[o];
      todo.insert(todo.end(), control.begin(), control.end());
      while (!todo.empty()) {
        size_t i = todo.back();
        todo.pop_back();
        if (!need.insert(i).second) continue;
        for (const auto& r : reads[i]) {
          if (r == o) continue;
          if (outputs.count(r)) return fail();  // one value feeds another
          for (size_t w : writers[r]) todo.push_back(w);
        }
      }
      for (size_t i : checks) need.insert(i);
      Phase q = p;
      q.only.clear();
      for (size_t i : need) q.only.push_back(stmts[i]);
      parts.push_back(std::move(q));
    }
    return true;
  }

  bool Fail(std::string why) {
    if (reason_.empty()) reason_ = std::move(why);
    return false;
  }

  bool Prange(const Node& loop) const {
    return in_.prange_parallel &&
           in_.imports.Resolve(loop.ChildByField("right").ChildByField("function")) == "numba.prange";
  }

  // Every mention of `v` in the loop is a reduction update (`v += e`,
  // `v = v * e`, `v = max(v, e)`, e without `v`): the value the loop carries
  // is only combined, never read, so parallel_reduce computes it.
  static bool OnlyReduced(const Node& loop, const std::string& v) {
    bool ok = true;
    WalkWithParent(loop, loop.Parent(), [&](const Node& n, const Node& par) {
      if (!ok) return false;
      if (n.Type() == "augmented_assignment" && IsName(n.ChildByField("left"), v)) {
        std::string_view op = n.ChildByField("operator").Text();
        if ((op != "+=" && op != "-=" && op != "*=") || MentionsName(n.ChildByField("right"), v)) ok = false;
        return false;
      }
      if (n.Type() == "assignment" && IsName(n.ChildByField("left"), v)) {
        Node r = n.ChildByField("right");
        int uses = 0;
        WalkWithParent(r, n, [&](const Node& m, const Node& mp) {
          if (IsName(m, v) && IsNameUse(m, mp)) ++uses;
          return true;
        });
        bool shape = false;
        if (r && r.Type() == "binary_operator") {
          std::string_view op = r.ChildByField("operator").Text();
          shape = (op == "+" || op == "*") && (IsName(r.ChildByField("left"), v) || IsName(r.ChildByField("right"), v));
        } else if (r && r.Type() == "call") {
          std::string_view f = r.ChildByField("function").Text();
          auto args = r.ChildByField("arguments").NamedChildren();
          shape = (f == "max" || f == "min") && args.size() == 2 && (IsName(args[0], v) || IsName(args[1], v));
        }
        if (!shape || uses != 1) ok = false;
        return false;
      }
      if (IsName(n, v) && IsNameUse(n, par)) ok = false;
      return ok;
    });
    return ok;
  }

  // The first call in `n` to a helper that runs on the host, or a null node.
  Node HostCall(const Node& n) const {
    Node found;
    if (in_.host_calls.empty()) return found;
    Walk(n, [&](const Node& c) {
      if (found) return false;
      if (c.Type() == "call") {
        Node f = c.ChildByField("function");
        if (f.Type() == "identifier" && in_.host_calls.count(std::string(f.Text()))) found = c;
      }
      return !found;
    });
    return found;
  }

  // A loop whose body calls a helper that is a host program runs on the host
  // (the helper dispatches its own phases); so does every phase around it.
  // The phases inside it must not depend on its variable for their ranges.
  bool HostLoop(const Node& loop, Node call, std::vector<Phase>& out, std::vector<Item>& items) {
    std::string line = std::to_string(loop.StartPoint().row + 1);
    std::string callee(call.ChildByField("function").Text());
    if (loop.ChildByField("alternative"))
      return Fail("the loop at line " + line + " calls '" + callee + "' and has an 'else' branch");
    std::vector<Phase> inner;
    if (!Block(loop.ChildByField("body"), inner)) return false;
    if (loop.Type() == "for_statement") {
      std::string var(loop.ChildByField("left").Text());
      // A helper called once per element (`f(a[i])`) would be one host call,
      // and one round of dispatches, per element: that is a loop for Numba.
      // So would element work of the host's own (`s += a[i] * f(b)[i]`):
      // outside its phases, a host loop must not index with its variable.
      bool per_element = false;
      Walk(loop.ChildByField("body"), [&](const Node& n) {
        if (n.Type() == "call" && n.ChildByField("function").Type() == "identifier" &&
            in_.host_calls.count(std::string(n.ChildByField("function").Text())) &&
            MentionsName(n.ChildByField("arguments"), var))
          per_element = true;
        if (n.Type() == "subscript" && MentionsName(n, var) && !MentionsName(n.ChildByField("value"), var)) {
          bool in_phase = false;
          for (const Phase& p : inner)
            for (const Node& l : p.loops) in_phase = in_phase || Contains(l, n);
          per_element = per_element || !in_phase;
        }
        return !per_element;
      });
      if (per_element)
        return Fail("the loop at line " + line + " calls '" + callee + "' with arguments that depend on its variable");
      for (const Phase& p : inner)
        for (const Node& l : p.loops)
          for (const Node& level : Nest(l, in_.imports))
            if (level.ChildByField("right") && MentionsName(level.ChildByField("right"), var))
              return Fail("the loop at line " + line + " calls '" + callee +
                          "', and the range of a loop inside it depends on its variable");
    }
    for (auto& p : inner) out.push_back(std::move(p));
    items.push_back({loop, -1});
    return true;
  }

  bool Independent(const Node& loop) const {
    if (!in_.auto_parallel) return false;
    // Scalars the loop carries (mentioned outside it) must be reductions.
    std::set<std::string> assigned;
    AssignedNames(loop.ChildByField("body"), assigned, false);
    for (const auto& v : assigned)
      if (vars_.count(v) && MentionedOutside(v, {loop}) && !OnlyReduced(loop, v) &&
          !(PrivateToIteration(loop, v) && DeadAfter(body_, loop, v)))
        return false;
    // Deferred checks are no statements of the workunit's (a flag instead).
    LoopDependenceInput d{body_, {loop}, in_.types, array_params_, in_.imports, loop, DeferrableChecks(loop, body_, in_.params, in_.imports)};
    return AnalyzeLoopDependence(d).independent;
  }

  // The phases of `block`, appended to `out`; host statements need nothing.
  bool Block(const Node& block, std::vector<Phase>& out) {
    std::vector<Item> items;
    for (const Node& s : Statements(block)) {
      std::string_view t = s.Type();
      if (t == "for_statement") {
        if (!Loop(s, out, items)) return false;
      } else if (t == "while_statement") {
        if (Node call = HostCall(s)) {
          if (!HostLoop(s, call, out, items)) return false;
          continue;
        }
        std::vector<Phase> inner;
        if (!Block(s.ChildByField("body"), inner)) return false;
        if ((CountParallel(inner) > 0 || SwapsArrays(s, in_.types)) && !s.ChildByField("alternative")) {
          for (auto& p : inner) out.push_back(std::move(p));
          items.push_back({s, -1});
        } else {
          AddPhase(OneLoop(s, false), out, items);
        }
      } else if (t == "if_statement") {
        if (!ContainsLoop(s)) {
          items.push_back({s, -1});
          continue;
        }
        if (!Block(s.ChildByField("consequence"), out)) return false;
        for (const Node& alt : s.ChildrenByField("alternative")) {
          Node b = alt.ChildByField("body") ? alt.ChildByField("body") : alt.ChildByField("consequence");
          if (!b || !Block(b, out)) return Fail("an 'if' around loops has a branch the host cannot run");
        }
        items.push_back({s, -1});
      } else if (ContainsLoop(s)) {
        return Fail("a '" + std::string(t) + "' statement holds loops");
      } else {
        items.push_back({s, -1});
      }
    }
    return true;
  }

  int CountParallel(const std::vector<Phase>& ps) const {
    int n = 0;
    for (const Phase& p : ps) n += p.parallel;
    return n;
  }

  bool Loop(const Node& loop, std::vector<Phase>& out, std::vector<Item>& items) {
    if (Node call = HostCall(loop)) return HostLoop(loop, call, out, items);
    if (!IsRangeLoop(loop, in_.imports)) {
      AddPhase(OneLoop(loop, false), out, items);
      return true;
    }
    if (Prange(loop) || Independent(loop)) {
      Phase p = OneLoop(loop, true);
      p.checks = DeferrableChecks(loop, body_, in_.params, in_.imports);
      AddPhase(std::move(p), out, items);
      return true;
    }
    // A host loop (a time loop) when its body holds parallel phases whose
    // iteration spaces do not depend on its variable; otherwise one serial
    // phase (dispatching a triangular inner loop once per outer step would
    // cost more than it gains).
    std::vector<Phase> inner;
    std::string saved = reason_;
    bool ok = Block(loop.ChildByField("body"), inner) && !loop.ChildByField("alternative");
    std::string var(loop.ChildByField("left").Text());
    if (ok && CountParallel(inner) > 0) {
      // Also through what the loop computes from its variable (`n0 =
      // min(j, m)` for `A[i, :j] @ A[:j, j]`, `for j in range(i)`); but a
      // loop that allocates at every step (`v = A_val[lo:hi] * x[...]`,
      // NPBench gathers) needs the host, which a serial phase is not.
      bool allocates = false;
      Walk(loop.ChildByField("body"), [&](const Node& n) {
        if (n.Type() == "call" && IsNumpyAllocation(in_.imports.Resolve(n.ChildByField("function")))) allocates = true;
        return !allocates;
      });
      std::set<std::string> dep = allocates ? std::set<std::string>{var} : Dependents(loop, var);
      for (const Phase& p : inner)
        for (const Node& l : p.loops)
          for (const Node& level : Nest(l, in_.imports))
            for (const std::string& d : dep)
              if (level.ChildByField("right") && MentionsName(level.ChildByField("right"), d)) ok = false;
    }
    if (ok && ((CountParallel(inner) > 0 && !SmallSteps(loop, inner)) || SwapsArrays(loop, in_.types))) {
      for (auto& p : inner) out.push_back(std::move(p));
      items.push_back({loop, -1});
      return true;
    }
    reason_ = saved;
    AddPhase(OneLoop(loop, false), out, items);
    return true;
  }

  // In a kernel Numba runs serially, whether the steps of a loop are too
  // small to dispatch one by one: every parallel phase in its body is a single
  // loop (a line of an array, never a plane), and the loop sweeps along
  // another axis of their arrays: its variable (or a value computed from it)
  // is a whole index of an element they access, next to the phase's own
  // variable (`p[i + 1][j]` in ADI's line solves, `A[i][k]` in Gram-Schmidt's
  // columns), not a shift of the line itself (`a[o + i]` with `o = r - k`,
  // a stencil's radius loop over long lines). Numba runs such a nest as one
  // serial loop; a dispatch per line costs more than the line's work, so the
  // loop becomes one serial phase. A loop that allocates at each step needs
  // the host (it stays a host loop).
  bool SmallSteps(const Node& loop, const std::vector<Phase>& inner) const {
    if (in_.prange_parallel) return false;
    for (const Phase& p : inner)
      if (p.parallel)
        for (const Node& l : p.loops)
          if (Nest(l, in_.imports).size() != 1 || ContainsLoop(l.ChildByField("body"))) return false;
    bool allocates = false;
    Walk(loop.ChildByField("body"), [&](const Node& n) {
      if (n.Type() == "call" && IsNumpyAllocation(in_.imports.Resolve(n.ChildByField("function")))) allocates = true;
      return !allocates;
    });
    if (allocates) return false;
    std::set<std::string> dep = Dependents(loop, std::string(loop.ChildByField("left").Text()));
    for (const Phase& p : inner) {
      if (!p.parallel) continue;
      for (const Node& l : p.loops) {
        std::string own(l.ChildByField("left").Text());
        bool sweep = false;
        Walk(l, [&](const Node& n) {
          if (n.Type() != "subscript") return true;
          std::vector<Node> idx;
          Node base;
          ElementIndices(n, idx, base);
          for (const Node& i : idx)
            if (!MentionsName(i, own))
              for (const std::string& d : dep) sweep = sweep || MentionsName(i, d);
          return !sweep;
        });
        if (!sweep) return false;
      }
    }
    return true;
  }

  // Appends a phase, fused into the previous phase of the same block when
  // only statements that commute with it lie between.
  void AddPhase(Phase p, std::vector<Phase>& out, std::vector<Item>& items) {
    if (p.parallel && !out.empty()) {
      // The last item of this block that is a phase.
      int last = -1;
      size_t at = items.size();
      while (at > 0 && items[at - 1].phase < 0) --at;
      if (at > 0) last = items[at - 1].phase;
      if (last >= 0 && last == static_cast<int>(out.size()) - 1 && out[last].parallel) {
        bool commute = true;
        for (size_t k = at; k < items.size() && commute; ++k) commute = Commutes(items[k].stmt, out[last]);
        // A phase with deferred checks stays alone: its flag is its own.
        if (commute && p.checks.empty() && out[last].checks.empty() && Fusible(out[last], p.loops[0])) {
          out[last].loops.push_back(p.loops[0]);
          items.push_back({p.loops[0], last});
          return;
        }
      }
    }
    out.push_back(std::move(p));
    items.push_back({out.back().loops.back(), static_cast<int>(out.size()) - 1});
  }

  // A host statement that can run before the phase instead of after it: it
  // reads no array element, calls nothing that could write one, and assigns
  // no name the phase mentions.
  bool Commutes(const Node& stmt, const Phase& p) const {
    bool ok = true;
    Walk(stmt, [&](const Node& n) {
      if (!ok) return false;
      std::string_view t = n.Type();
      if (t == "subscript") {
        Node v = n.ChildByField("value");
        if (!(v.Type() == "attribute" && v.ChildByField("attribute").Text() == "shape")) ok = false;
      } else if (t == "call") {
        std::string q = in_.imports.Resolve(n.ChildByField("function"));
        static const char* const kPure[] = {"min", "max", "abs", "int", "float", "len", "bool", "ValueError",
                                            "ZeroDivisionError", "IndexError"};
        bool pure = q.rfind("math.", 0) == 0;
        for (const char* k : kPure) pure = pure || q == k;
        if (!pure) ok = false;
      }
      return ok;
    });
    if (!ok) return false;
    std::set<std::string> assigned;
    AssignedNames(stmt, assigned);
    for (const auto& a : assigned)
      for (const Node& l : p.loops)
        if (MentionsName(l, a)) return false;
    return true;
  }

  // Same nest headers at every level, nothing but private names assigned,
  // and every array one of them writes accessed at one and the same index
  // by both: then iteration k of the second loop touches only what
  // iteration k of the first did, and running them in one loop is exact.
  bool Fusible(const Phase& prev, const Node& loop) const {
    std::vector<Node> b = Nest(loop, in_.imports);
    std::vector<Node> all = prev.loops;
    all.push_back(loop);
    for (const Node& l : prev.loops) {
      std::vector<Node> a = Nest(l, in_.imports);
      if (a.size() != b.size()) return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (Header(a[i]) != Header(b[i])) return false;
    }
    for (const Node& l : all)
      if (!OnlyPrivate(l)) return false;
    std::map<std::string, std::set<std::string>> index_of;  // array -> index texts
    std::set<std::string> written;
    for (const Node& l : all)
      WalkWithParent(l, Node(), [&](const Node& n, const Node& p) {
        if (n.Type() != "subscript") return true;
        if (p && p.Type() == "subscript" && p.ChildByField("value") == n) return true;
        std::vector<Node> idx;
        Node base;
        if (!ElementIndices(n, idx, base)) return false;
        std::string key;
        for (const Node& i : idx) {
          std::string t;
          for (char c : i.Text())
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') t += c;
          key += t + ",";
        }
        index_of[std::string(base.Text())].insert(key);
        if ((p.Type() == "assignment" || p.Type() == "augmented_assignment") && p.ChildByField("left") == n)
          written.insert(std::string(base.Text()));
        return true;
      });
    for (const auto& w : written)
      if (index_of[w].size() != 1) return false;
    return true;
  }

  // Every name the loop assigns is mentioned only inside it (loop variables
  // aside: the fused nests share them, and a read after the loop makes the
  // phase an output, which Interface refuses for fused loops).
  bool OnlyPrivate(const Node& loop) const {
    std::set<std::string> assigned;
    AssignedNames(loop, assigned, false);
    for (const auto& a : assigned)
      if (MentionedOutside(a, {loop})) return false;
    return true;
  }

  bool MentionedOutside(const std::string& v, const std::vector<Node>& inside) const {
    bool found = false;
    WalkWithParent(body_, in_.def, [&](const Node& n, const Node& p) {
      if (found) return false;
      for (const Node& l : inside)
        if (Contains(l, n)) return false;
      if (IsName(n, v) && IsNameUse(n, p)) found = true;
      return !found;
    });
    return found;
  }

  // Reads of `v` outside the phase that may see its value: host statements,
  // and phases that do not assign `v` themselves.
  bool ReadLater(const std::string& v, const Phase& me) const {
    // Every later read follows a new assignment (a later loop over `c` too).
    if (DeadAfter(body_, me.loops.back(), v)) return false;
    std::vector<Node> skip = me.loops;
    for (const Phase& q : phases_) {
      if (&q == &me) continue;
      std::set<std::string> a;
      AssignedIn(q, a);
      if (a.count(v) && q.loops[0] != me.loops[0])
        for (const Node& l : q.loops) skip.push_back(l);
    }
    bool found = false;
    WalkWithParent(body_, in_.def, [&](const Node& n, const Node& p) {
      if (found) return false;
      for (const Node& l : skip)
        if (Contains(l, n)) return false;
      if (IsName(n, v) && IsNameUse(n, p)) {
        bool target = (p.Type() == "assignment" && p.ChildByField("left") == n) ||
                      (p.Type() == "for_statement" && p.ChildByField("left") == n);
        if (!target) found = true;
      }
      return !found;
    });
    return found;
  }

  // The statements a phase runs, in order (the loops, or a split part's).
  std::vector<Node> Region(const Phase& p) const { return p.only.empty() ? p.loops : p.only; }

  // `v` is private to the phase: every read of it follows an assignment the
  // phase makes (in the same iteration of each of its loops), so no value
  // comes in from the host.
  bool PrivateIn(const Phase& p, const std::string& v) const {
    for (const Node& l : p.loops)
      if (l.Type() == "for_statement" && IsName(l.ChildByField("left"), v)) return true;
    return AssignedBeforeRead(Region(p), v);
  }

  // Whether assignment `a` sets `v`: `v = ...`, or `a, v = 0, 1` with one
  // value per name (features/tuple_helpers.py::fib_pair), whose every name
  // the phase binds too, as the whole statement moves into it.
  bool InitSets(const Node& a, const std::string& v, const std::set<std::string>& assigned) const {
    Node left = a.ChildByField("left"), right = a.ChildByField("right");
    if (IsName(left, v)) return true;
    if ((left.Type() != "pattern_list" && left.Type() != "tuple_pattern") ||
        (right.Type() != "expression_list" && right.Type() != "tuple") ||
        left.NamedChildCount() != right.NamedChildCount())
      return false;
    bool sets = false;
    for (const Node& n : left.NamedChildren()) {
      if (n.Type() != "identifier" || !assigned.count(std::string(n.Text()))) return false;
      sets = sets || n.Text() == v;
    }
    return sets;
  }

  // The statement that sets `v` before the phase, which can move into it:
  // the last statement before the first loop that mentions `v`, a plain
  // assignment, with nothing in between that changes what it reads.
  Node FindInit(const Phase& p, const std::string& v, const std::set<std::string>& assigned) const {
    Node prev = p.loops[0].PrevNamedSibling();
    std::vector<Node> between;
    while (prev && (prev.Type() == "comment" || !MentionsName(prev, v))) {
      if (prev.Type() != "comment") between.push_back(prev);
      prev = prev.PrevNamedSibling();
    }
    Node a = prev && prev.Type() == "expression_statement" ? prev.NamedChild(0) : Node();
    if (!a || a.Type() != "assignment" || !a.ChildByField("right") || !InitSets(a, v, assigned) ||
        ContainsLoop(prev))
      return Node();
    bool reads_memory = false;
    Walk(a.ChildByField("right"), [&](const Node& n) {
      if (n.Type() == "subscript" || n.Type() == "call") reads_memory = true;
      return !reads_memory;
    });
    for (const Node& b : between) {
      std::set<std::string> names;
      AssignedNames(b, names);
      for (const auto& nm : names)
        if (MentionsName(a.ChildByField("right"), nm)) return Node();
      bool writes = false;
      Walk(b, [&](const Node& n) {
        if (((n.Type() == "assignment" || n.Type() == "augmented_assignment") &&
             n.ChildByField("left").Type() != "identifier") ||
            n.Type() == "call")
          writes = true;
        return !writes;
      });
      if (writes && reads_memory) return Node();
    }
    return prev;
  }

  // The phase's inputs, its output, and the initialisations it takes over.
  bool Interface(Phase& p) {
    std::set<std::string> assigned;
    AssignedIn(p, assigned);
    std::string line = std::to_string(p.loops[0].StartPoint().row + 1);
    for (const auto& a : assigned) {
      if (!vars_.count(a)) continue;
      bool later = ReadLater(a, p);
      if (!later && PrivateIn(p, a)) continue;
      if (later) {
        auto t = in_.types.find(a);
        if (t == in_.types.end() || t->second.rank > 0) return Fail("a loop rebinds the array '" + a + "'");
        if (t->second.scalar == Scalar::kUnknown) return Fail("the type of '" + a + "' is not known");
        if (!p.output.empty() || !p.cells.empty()) {
          if (p.parallel)
            return Fail("the loop at line " + line + " computes both '" + p.output + "' and '" + a +
                        "' for later statements");
          if (!p.output.empty()) p.cells.push_back(p.output);
          p.output.clear();
          p.cells.push_back(a);
        } else {
          p.output = a;
        }
      }
      if (p.loops.size() != 1) return Fail("fused loops carry '" + a + "'");
      bool param = std::find(in_.params.begin(), in_.params.end(), a) != in_.params.end();
      Node init = param ? Node() : FindInit(p, a, assigned);
      if (init) {
        p.inits.push_back(init);
        continue;
      }
      // A serial phase takes the value the host holds where the loop
      // starts, which is the value the loop reads in Numba.
      auto t = in_.types.find(a);
      if (!p.parallel && t != in_.types.end() && t->second.rank == 0 && t->second.scalar != Scalar::kUnknown) {
        p.carried.push_back(a);
        continue;
      }
      if (param) return Fail("a loop assigns the parameter '" + a + "'");
      return Fail("'" + a + "' is carried into the loop at line " + line + ", but not initialised right before it");
    }
    // A serial phase stops at its first failed check, as Numba does, and
    // the host raises: where it hands no value back (a `return` ends it).
    if (!p.parallel && p.only.empty() && p.loops.size() == 1 && p.output.empty() && p.cells.empty())
      p.checks = SerialChecks(p.loops[0]);
    std::sort(p.inits.begin(), p.inits.end(),
              [](const Node& x, const Node& y) { return x.StartByte() < y.StartByte(); });
    // A tuple assignment initialises several names, and moves once.
    p.inits.erase(std::unique(p.inits.begin(), p.inits.end()), p.inits.end());
    // Inputs: variables mentioned and not bound by the phase, parameters first.
    std::vector<std::string> seen;
    auto visit = [&](const Node& root) {
      WalkWithParent(root, root.Parent(), [&](const Node& n, const Node& par) {
        if (n.Type() == "identifier" && IsNameUse(n, par)) {
          std::string name(n.Text());
          if (vars_.count(name) && !assigned.count(name) &&
              std::find(seen.begin(), seen.end(), name) == seen.end())
            seen.push_back(name);
        }
        return true;
      });
    };
    for (const Node& i : p.inits) visit(i);
    if (p.only.empty()) {
      for (const Node& l : p.loops) visit(l);
    } else {
      visit(p.loops[0].ChildByField("right"));
      for (const Node& st : p.only) visit(st);
    }
    for (const auto& prm : in_.params)
      if (std::find(seen.begin(), seen.end(), prm) != seen.end()) p.inputs.push_back(prm);
    for (const auto& s : seen)
      if (std::find(in_.params.begin(), in_.params.end(), s) == in_.params.end()) p.inputs.push_back(s);
    return true;
  }

  const PhaseInput& in_;
  Node body_;
  std::set<std::string> vars_;
  std::vector<std::string> array_params_;
  std::vector<Phase> phases_;
  std::string reason_;
};

}  // namespace

PhaseProgram PlanPhases(const PhaseInput& in) { return Planner(in).Run(); }

std::string PhaseKernelName(std::string_view kernel, int n) {
  return "_pk_" + std::string(kernel) + std::string(kPhaseInfix) + std::to_string(n);
}

std::string PhaseOwner(std::string_view name) {
  if (name.rfind("_pk_", 0) != 0) return "";
  size_t at = name.rfind(kPhaseInfix);
  if (at == std::string_view::npos || at <= 4) return "";
  std::string_view digits = name.substr(at + kPhaseInfix.size());
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return "";
  return std::string(name.substr(4, at - 4));
}

std::string PhaseMessage(const std::string& message) {
  if (message.rfind("'_pk_", 0) != 0) return message;
  size_t close = message.find("': ");
  if (close == std::string::npos) return message;
  std::string name = message.substr(1, close - 1);
  std::string owner = PhaseOwner(name);
  if (owner.empty()) return message;
  std::string n = name.substr(name.rfind(kPhaseInfix) + kPhaseInfix.size());
  return "'" + owner + "' (phase " + n + ")" + message.substr(close + 1);
}

}  // namespace caramba
