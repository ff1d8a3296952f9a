// numpy_lowerer.h — the NumPy lowering's internal state, shared by its
// files (not part of the public interface, which is numpy_lowering.h):
//   numpy_lowering.cpp     entry points, text helpers, names and diagnostics
//   numpy_statements.cpp   which statements need lowering, statement rewriting,
//                          scalar expressions
//   numpy_bounds.cpp       slice bounds, held temporaries, shape checks, loops
//   numpy_operands.cpp     array operands, broadcasting, element texts
//   numpy_elementwise.cpp  element-wise assignments, mask assignments
//   numpy_reductions.cpp   whole-array reductions
//   numpy_products.cpp     operands computed per element: matrix products,
//                          np.outer, axis reductions, np.triu/np.tril,
//                          reshapes, gathers x[idx]; index mappings (a.T,
//                          np.flip) and expression ranks
//   numpy_temporaries.cpp  new arrays bound to names, allocations hoisted
//                          out of time loops
//   numpy_joins.cpp        arrays joined into a new one (np.concatenate & co)
//   numpy_bincount.cpp     np.bincount: counts of integer values
//   numpy_histogram.cpp    np.histogram with a number of bins, as Numba computes it
//   numpy_ranges.cpp       np.arange, np.linspace, np.cumsum, np.cumprod, as Numba computes them
//   numpy_masked.cpp       reductions of the elements a boolean mask selects (np.mean(x[mask]))
//
// One Lowerer per kernel walks its statements. A statement that uses NumPy on
// arrays is rebuilt as text: a prelude (reduction loops, bound temporaries,
// the shape check) followed by the loop nest of the statement itself. The
// text is Numba spelling, so the result is still a valid Numba kernel; the
// KernelPlan analysis recomputed from it sees ordinary loops.
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "caramba/analysis/numpy_lowering.h"
#include "caramba/analysis/numpy_table.h"

namespace caramba::numpy_lowering {

Node StripParens(Node n);
/// A name, literal, attribute, call or subscript: needs no parentheses.
bool IsAtom(const std::string& t);
/// A name, a literal or `a.shape[d]`: cheap enough to repeat, no temporary.
bool IsSimple(const std::string& t);
std::string Paren(const std::string& t);
std::string FirstLine(std::string_view t);
/// Continuation lines of a generated multi-line line moved in (see the definition).
std::string ShiftContinuations(const std::string& line, const std::string& base);
/// A name, or a name plus or minus an integer literal (`n - 2`): short
/// enough to repeat inside one bound expression.
bool IsLinear(const std::string& t);
/// The names a generated text reads (not attribute names after a dot).
std::vector<std::string> NamesIn(const std::string& text);
/// A decimal integer literal that fits a long.
bool IsIntegerText(const std::string& t);
/// The text without blanks and line continuations (for comparing texts).
std::string Squeeze(std::string_view t);

// One dimension of an array operand as NumPy sees it after normalising the
// slice: the first element touched and the number of elements.
//
// A dimension is `plain` when its slice is provably normalised as written
// (`a[2:n - 2]` with n = a.shape[0], `a[1:-1]`, `a[:]`): then `offset` is the
// literal start, `stop` the user's stop (or the extent minus a literal) and
// the loop over it reads `range(offset, stop)`, with no clamping arithmetic.
struct Dim {
  std::string offset;  // "0" or an expression (Numba spelling): the normalised start
  std::string stop;    // the normalised stop
  std::string length;  // max(stop - offset, 0): the exact number of elements
  std::string key;     // equal keys: provably equal lengths (same extent, same bounds)
  std::string stride;  // set when the dimension may broadcast: 0 or 1
  std::string step;    // a slice step above 1 (`a[::2]`): element p is offset + p * step
  bool reversed = false;  // np.flip, `a[::-1]`: element p is counted from the end of [offset, stop)
  bool plain = false;
};

// `n = a.shape[0]`, `n, m = a.shape`, `n = len(a)` at the top level of the
// kernel, n bound once and a never rebound: n is a's extent wherever it is
// read after `end`.
struct ExtentAlias {
  std::string extent;  // "a.shape[0]"
  uint32_t end = 0;
};

// An array operand: `a`, `a[1:-1]`, `a[i, 2:m]`, `a.T`; or an operand
// computed per element from operands of its own (`A @ x`, np.outer(u, v),
// np.sum(A, axis=0)).
struct Leaf {
  enum class Kind { kArray, kProduct, kOuter, kAxis, kReshape, kGather, kTriangle };
  Node node;
  std::string base;
  std::vector<std::string> fixed;  // per base dimension: the index text, or "" for a slice dimension
  std::vector<Dim> dims;           // the slice dimensions, in result order
  std::string entries_key;         // squeezed subscript text, to compare with the target's
  // Slice dimension j of the base (in `fixed` order) is dims[perm[j]]:
  // a transpose reverses it; empty means in order.
  std::vector<size_t> perm;
  Kind kind = Kind::kArray;
  // Computed operands: the operand expressions, their leaves and shapes.
  std::vector<Node> parts;
  std::vector<std::vector<Leaf>> sub;
  std::vector<std::vector<Dim>> shapes;
  const NumpyFunction* fn = nullptr;  // kAxis: the reduction
  size_t axis = 0;                    // kAxis: the reduced dimension of the operand
  std::string diagonal;               // kTriangle: the diagonal k (an integer text)
  std::string diagonal_zero;          // kTriangle: the zero of the element type ("0.0")
  bool integer = false;               // the accumulator is an integer
};

// How np.concatenate & co lay their operands out (numpy_joins.cpp).
struct JoinLayout {
  std::vector<Node> parts;  // the operands, in order
  int part_rank = 0;        // the rank every operand has
  int rank = 0;             // the result's
  size_t axis = 0;          // the result dimension the parts follow each other along
  bool new_axis = false;    // each part is one index along `axis` (np.stack, vectors in np.vstack)
  std::string why;          // set when the call cannot be lowered
  Node where;               // what `why` is about
};

struct Failure {};
// Not the NumpyTransformer's business after all (a subview use the
// SubviewTransformer reports): the statement is left to the plan's refusals.
struct Abstain {};

class Lowerer {
 public:
  Lowerer(const NumpyLoweringInput& in, NumpyLowering& out);
  void Run();

 private:
  // ---- diagnostics -------------------------------------------------------------
  [[noreturn]] void Fail(DiagId id, const std::string& what, const Node& n, std::string help = {});
  void Note(DiagId id, const std::string& what, const Node& n);
  std::string Fresh(const std::string& what);
  std::string Index(size_t d);
  // ---- what needs lowering --------------------------------------------------------
  int Rank(const Node& n) const;
  const NumpyFunction* Row(const Node& call) const;
  bool IsReduction(const Node& n) const;
  // ---- ranks, index mappings and computed operands (numpy_products.cpp) ----------
  // The number of dimensions of an expression's value (0: a scalar).
  int ExprRank(const Node& e) const;
  int ComputeExprRank(const Node& e) const;  // ExprRank without the memo
  // `a @ b`, np.dot(a, b): its two operands, or false.
  bool ProductOperands(const Node& n, Node& a, Node& b) const;
  // The positional arguments of a table call (the receiver first for a method).
  std::vector<Node> Operands(const Node& call) const;
  // The axis= argument (or the positional one) of a reduction call, or a null node.
  Node AxisArgument(const Node& call) const;
  // a.T, np.transpose(a), np.flip(a), np.outer, `A @ x`, np.sum(A, axis=0):
  // an operand that Leaves() makes one leaf of.
  bool IsMappedOperand(const Node& n) const;
  Leaf MappedLeaf(const Node& n);
  Leaf ProductLeaf(const Node& n, const Node& a, const Node& b);
  Leaf OuterLeaf(const Node& n);
  Leaf AxisLeaf(const Node& n);
  Leaf ReshapeLeaf(const Node& n);
  Leaf TriangleLeaf(const Node& n);
  // `x[idx]` of a vector x and an integer array idx: the index array, or a null node.
  Node GatherIndex(const Node& n) const;
  Leaf GatherLeaf(const Node& n);
  // The extents of np.reshape's shape argument (a tuple, one extent, or the
  // method's extents), as written.
  std::vector<Node> ReshapeExtents(const Node& call) const;
  // The leaves and shape of one operand of a computed leaf (its checks go
  // first). `computed`: its own computed operands are allowed (a reshape
  // reads each element of its operand once, so nothing is recomputed).
  void Part(Leaf& leaf, const Node& part, std::vector<std::string>& clauses, bool computed = false);
  // The element of a computed leaf at result indices: loops into the
  // per-element sink, the accumulator's name returned.
  std::string ComputedAccess(const Leaf& leaf, const std::vector<std::string>& idx);
  bool IsElementwiseCall(const Node& n) const;
  // A subscript that denotes an array (a slice in it, or fewer indices than rank).
  // Counts the indices of a whole chain (`a[i][j]`, the view spelling, is
  // an element of a 2-D array).
  bool IsArraySubscript(const Node& n) const;
  bool IsArrayValued(const Node& e) const;
  bool IsArrayComparison(const Node& n) const;
  Node CopiedArray(const Node& n) const;
  // A slice used as a plain value: bound to a name (`row = a[i, :]`) or
  // passed to a function that is not NumPy's. Those are subviews, the
  // SubviewTransformer's business, not array expressions.
  bool IsPlainValue(const Node& sub) const;
  bool NeedsLowering(const Node& root) const;
  bool DrawsRandom(const Node& s) const;
  // ---- statements -----------------------------------------------------------------
  void Block(const Node& block);
  void Statement(const Node& s);
  // A compound statement's condition or loop header: its prelude goes
  // before the statement (evaluated once, as the header is).
  void Header(const Node& stmt, const Node& expr, bool room);
  std::string Indentation(const Node& n) const;
  void Simple(const Node& s);
  // Replaces statement `s` by the prelude lines and `text` (which may hold
  // several lines, already indented relative to the statement).
  void Emit(const Node& s, const std::string& text);
  // `t1 = t2 = value` with arrays: one lowered assignment per target.
  void Chain(const Node& s, const Node& assignment);
  // ---- scalar expressions -----------------------------------------------------------
  // The text of a scalar expression: reductions become accumulators computed
  // by loops in the prelude; np.minimum/np.maximum of scalars NaN-propagating
  // conditional expressions.
  std::string ScalarText(const Node& e);
  // An element `a[i, j]` / `a[i][j]`: its indices may hold reductions.
  std::string ElementChain(const Node& e);
  template <typename F>
  std::string Splice(const Node& e, F&& child) {
    return SpliceChildren(e, std::forward<F>(child));
  }
  // np.minimum(x, y): y when y is NaN, x when x is NaN (x != x), else the
  // smaller; x and y are pure, so repeating them is exact.
  std::string NanMinMax(bool min, const std::string& x, const std::string& y);
  // np.logical_and & co of element (or scalar) texts.
  std::string Logical(const NumpyFunction* f, const std::vector<std::string>& args, const Node& call);
  // ---- array operands ------------------------------------------------------------------
  // Python's normalisation of a slice bound against extent `n`.
  std::string Bound(const Node& b, bool hi, const std::string& n);
  // The slice `lo:hi` of extent `extent` when it is provably normalised as
  // written (see Dim); false when it needs Python's clamping.
  bool PlainSlice(const Node& lo, const Node& hi, const std::string& extent, Dim& dim) const;
  // `n`, `a.shape[0]`, `len(a)`, each optionally minus an integer literal:
  // the extent it names (canonical "a.shape[0]"), its spelling and the literal.
  bool ExtentMinus(const Node& e, std::string& extent, std::string& spelling, long& minus) const;
  // How the statement being lowered spells `extent`: an alias bound before it, else the extent.
  std::string SpellExtent(const std::string& extent) const;
  // The result indices of a loop nest over `result`, remembering where each
  // loop starts (plain dimensions loop from their literal start).
  std::vector<std::string> Indices(const std::vector<Dim>& result);
  // The 0-based position along the loop of index `i`.
  std::string Position(const std::string& i) const;
  // A value repeated by a conditional expression, in a temporary of the
  // current context (before the statement, or per element inside the loop).
  std::string HoldValue(const std::string& text);
  // Bound text in a temporary when it is not already a name or literal;
  // one temporary per text within a statement.
  std::string Hold(const std::string& text, const std::string& kind);
  // The text reads only names bound at most once (parameters, set-up
  // scalars, the lowering's own top-level temporaries): its value is the
  // same in every later top-level statement.
  bool Invariant(const std::string& text) const;
  Leaf MakeLeaf(const Node& e);
  // The array operands of an element-wise expression, left to right;
  // reductions inside it are scalars, not operands.
  void Leaves(const Node& e, std::vector<Leaf>& out);
  // Whether Leaves() would find an array operand (without making them).
  bool HasLeaf(const Node& e) const;
  void CheckOperandKinds(const Node& e);
  // The element of array expression `e` at the result indices `idx`
  // (right-aligned: a leaf of rank r uses the last r of them).
  std::string ElementText(const Node& e, const std::vector<std::string>& idx, std::vector<Leaf>& leaves, size_t& next);
  std::string Access(const Leaf& leaf, const std::vector<std::string>& idx);
  // Broadcasting of `leaves` against result dimensions `result` (the
  // target's, or computed from the leaves when `result` is empty): fills
  // strides, returns the shape check clauses (NumPy raises ValueError when
  // one holds) and the result lengths.
  std::vector<std::string> Broadcast(std::vector<Leaf>& leaves, std::vector<Dim>& result, bool from_leaves);
  static std::string Length(const Dim& d);
  // Bound texts into temporaries (evaluated once, before the loops).
  void HoldDims(std::vector<Dim>& dims, bool lengths);
  // The operands of the array expression `x` counted or binned as a whole
  // (np.bincount, np.histogram): checked, broadcast against each other
  // (NumPy's ValueError when they do not), their bounds held; returns the
  // shape and fills `leaves`.
  std::vector<Dim> BroadcastOperands(const Node& x, std::vector<Leaf>& leaves);
  // The element of `x` (its operands broadcast, as above) read in one loop
  // nest: fills `shape` and `idx` (the nest's extents and indices) and `per`
  // (the per-element temporaries that go inside it); returns the element's
  // text. `shape_lengths`: an operand's dimension that is the shape's reads
  // the shape's held length (np.bincount, the scans); np.histogram keeps each
  // operand's own.
  std::string LoopedElement(const Node& x, bool shape_lengths, std::vector<Dim>& shape, std::vector<std::string>& idx,
                            std::vector<std::string>& per);
  bool Guard(const std::vector<std::string>& clauses, const std::string& exception, const std::string& message);
  // Opens one loop per result dimension; returns the indentation inside.
  std::string Loops(const std::vector<Dim>& result, std::vector<std::string>& out_lines, std::vector<std::string>& idx);
  // ---- element-wise assignments ----------------------------------------------------------
  void ElementWise(const Node& s, const Node& left, const std::string& op, const Node& right);
  Node HostStatement(const Node& s, const std::string& shape) const;
  // `a[mask] = value`: the boolean array of a's shape, or a null node.
  Node MaskIndex(const Node& left) const;
  // `a[a <= 0.1] = 1.0`: value stored where the mask holds.
  void MaskedAssign(const Node& s, const Node& left, const Node& right);
  // `a` and `b` (leaves of one base) provably share no element (p[:, j] and p[:, j - 1]).
  bool Disjoint(const Node& s, const Leaf& a, const Leaf& b) const;
  // The least value of loop variable `name` around `s` (range bounds), or false.
  bool LoopMinimum(const Node& s, const std::string& name, long& min) const;
  // A prange loop encloses `s`: each of its iterations needs arrays of its own.
  bool InParallelLoop(const Node& s) const;
  // ---- new arrays (numpy_temporaries.cpp) -------------------------------------------------
  // `x = <array expression>` at the top level: `x = np.empty(shape, dtype=...)`
  // and the loop nest that fills it.
  void NewArray(const Node& s, const Node& left, const Node& right);
  // `return <array expression>` at the top level: a new array, returned.
  void ReturnNewArray(const Node& s, const Node& value);
  // The allocation of `name` (into the prelude) and the text of the loops
  // filling it with `right`.
  std::string FillNewArray(const Node& s, const std::string& name, const Node& right);
  // The NumPy dtype (`np.float64`) of the elements of `e`; refused (CRB140)
  // when it depends on an element type that is only assumed.
  std::string TemporaryDtype(const Node& e);
  // The element type of `e` (kUnknown when nothing tells it); refused
  // (CRB140) when it would change with an element type that is only assumed.
  // `what` names the value in the message ("the new array 'a * 2'").
  Scalar KnownScalar(const Node& e, const std::string& what);
  Scalar ResultScalar(const Node& e, const TypeTable& types) const;
  // `name` is returned, renamed, passed to a helper or asked for an attribute.
  bool Escapes(const std::string& name) const;
  // Elements of `name` are stored anywhere in the kernel (`name[i] = ...`,
  // `name += ...`), or it is passed to a helper or bound to another name:
  // a view of it and a copy would differ.
  bool WrittenThrough(const std::string& name) const;
  // Why one array allocated before the loop cannot stand for the fresh
  // array that `name` (of `rank` dimensions) is bound to at every step, or "".
  std::string LoopReuseProblem(const std::string& name, size_t rank) const;
  /// `name` holds a value before statement `s` (a parameter, or named in an
  /// earlier statement): an array allocated before the loop around `s` would
  /// replace it.
  bool HeldBefore(const std::string& name, const Node& s) const;
  // `x = np.zeros(shape)` (np.empty_like & co) inside a serial loop: when
  // one array can serve every step (LoopReuseProblem) and the shape is the
  // same at every step, the allocation moves before the top-level statement
  // around the loop and a zeros/ones/full one leaves a fill loop in its
  // place. True when it did.
  bool HoistAllocation(const Node& s);
  // np.random inside the kernel: refused with its own code.
  void RefuseRandom();
  // ---- joins (numpy_joins.cpp) -------------------------------------------------------------
  // The layout of a kJoin call (`why` set when it cannot be lowered).
  JoinLayout Join(const Node& call) const;
  // `name = np.concatenate((a, b))` & co: the allocation (into the prelude)
  // and one loop nest per operand filling its part.
  std::string FillJoinedArray(const Node& s, const std::string& name, const Node& call);
  // `name = np.bincount(x)` (numpy_bincount.cpp): x's largest and smallest
  // values, the check NumPy makes, the allocation and the counting loop.
  std::string FillBincount(const Node& s, const std::string& name, const Node& call);
  // `counts, edges = np.histogram(x, bins, range)` (numpy_histogram.cpp).
  void Histogram(const Node& s, const Node& targets, const Node& call);
  // ---- evenly spaced values and running sums (numpy_ranges.cpp) ----------------------------
  // `name = np.arange(...)`, `np.linspace(...)`: the length, Numba's checks,
  // the allocation (into the prelude) and the loop filling it.
  std::string FillRange(const Node& s, const std::string& name, const Node& call);
  // `name = np.cumsum(x)`, `x.cumprod()`: the allocation and the serial scan
  // over the flattened x.
  std::string FillScan(const Node& s, const std::string& name, const Node& call);
  // ---- reductions ----------------------------------------------------------------------
  std::string Reduce(const Node& call);
  // ---- masked reductions (numpy_masked.cpp) ------------------------------------------------
  // `v = x[mask]` whose every use is the one operand of np.sum, np.mean or
  // np.prod (or the methods) later in its block, with nothing between
  // writing x or the mask: the binding goes, and those reductions read x
  // where the mask holds. True when `s` is such a binding.
  bool MaskAlias(const Node& s, const Node& left, const Node& right);
  // The `x[mask]` a reduction's operand stands for (itself or an alias),
  // or a null node.
  Node MaskedOperand(const Node& operand) const;
  // np.sum/np.mean/np.prod of `x[mask]`: one loop over x that adds (or
  // multiplies) the elements where the mask holds, and counts them for the mean.
  std::string MaskedReduce(const Node& call, const NumpyFunction* f, const Node& masked);

  const NumpyLoweringInput& in_;
  NumpyLowering& out_;
  Node body_;
  std::set<std::string> used_;
  std::vector<std::string> index_;
  std::vector<std::string> lines_;  // the prelude of the statement being lowered
  std::vector<std::string> temp_allocations_;
  std::string numpy_;
  int counter_ = 0;
  Node stmt_;                                // the statement being lowered
  std::set<std::string> ids_;                // names its shape checks read
  std::vector<std::string>* sink_ = &lines_;  // where HoldValue puts its temporaries
  bool abstained_ = false;                  // a statement left to other refusals
  std::vector<std::string>* emitted_ = nullptr;  // Chain: Emit collects each target's text here
  bool top_ = false;                        // the statement is a top-level statement of the kernel
  std::map<std::string, std::string> held_;  // text -> temporary, per statement
  std::map<std::string, std::string> shared_;  // text -> top-level temporary, per kernel
  std::map<std::string, int> bound_;           // name -> bindings (2 for loops and augmented)
  std::map<std::string, ExtentAlias> aliases_;  // name -> the extent it holds
  std::map<std::string, std::string> start_;    // loop index -> its first value ("0" when absent)
  std::set<std::string> guarded_;               // top-level invariant shape checks already emitted
  std::map<uint32_t, std::string> hoisted_;     // top-level statement start -> allocations to put before it
  // Arrays this lowering allocated (`x = a * 2.0`): x's dimensions are those
  // of the expression, so later operands compare with it by key.
  std::map<std::string, std::vector<Dim>> new_dims_;
  // ExprRank per node (its id), valid while new_dims_ is unchanged: the
  // walks that ask every node of an expression for its rank (NeedsLowering,
  // the operand texts) were quadratic in a chain of 2,000 `+`.
  mutable std::unordered_map<const void*, int> rank_memo_;
  std::map<std::string, Scalar> new_scalar_;     // and their element types
  std::map<std::string, uint32_t> top_bound_;   // name bound once at the top level -> end of its statement
  // `x = pos[:, 0:1]` at the top level: x bound once and never written
  // through, pos a parameter never rebound, bounds of literals and such
  // parameters. As an operand, x is that slice of pos (a view in NumPy), so
  // workunits read pos itself rather than a strided view of it.
  struct SliceAlias {
    Node slice;
    uint32_t end = 0;
  };
  std::map<std::string, SliceAlias> slice_aliases_;
  std::map<std::string, Node> mask_aliases_;  // `v = x[mask]`, only reduced: v -> x[mask]
  void FindSliceAliases();
};

}  // namespace caramba::numpy_lowering
