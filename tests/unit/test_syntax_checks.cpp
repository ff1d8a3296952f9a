// The syntax checks that close the gaps between tree-sitter's grammar and
// CPython (caramba/syntax_checks.h). Each case is named after the fuzz
// finding it came from; each refused snippet is refused by CPython 3.11 too
// (compile()), and each accepted one compiles.
#include <doctest/doctest.h>

#include "caramba/syntax.h"
#include "caramba/syntax_checks.h"

namespace {
// The messages of the file's syntax problems, joined.
std::string Problems(const std::string& src) {
  std::string out;
  for (const auto& p : caramba::FindSyntaxProblems(caramba::Tree::Parse(src))) out += p.message + "\n";
  return out;
}
void Refused(const std::string& src, const std::string& what) {
  CAPTURE(src);
  CHECK(Problems(src).find(what) != std::string::npos);
}
void Accepted(const std::string& src) {
  CAPTURE(src);
  CHECK(Problems(src).empty());
}
}  // namespace

TEST_CASE("syntax: starred expressions CPython refuses (fuzz: star_args_alone, for_in_star_range, star_augmented_total, star_after_plus)") {
  Refused("def f(a):\n    return a\n*args\n", "can't use starred expression here");
  Refused("for t in*range(nsteps):\n    pass\n", "can't use starred expression here");
  Refused("total = 0\n*otal += counts[i]\n", "illegal expression for augmented assignment");
  Refused("x[i, j] = h * i + 2.+ * h * j\n", "can't use starred expression here");
  Refused("*a = b\n", "starred assignment target must be in a list or tuple");
  Refused("y = (*a)\n", "can't use starred expression here");
  for (const char* ok : {"a, *b = c\n", "f(*a, **k)\n", "x = [*a, *b]\n", "y = {**d, 'k': 1}\n", "x = *a, b\n",
                         "for x in *a, b:\n    pass\n", "v = a[*i]\n", "def f(*args, **kw):\n    return (*args,)\n",
                         "[*xs] = ys\n", "s = {*a}\n", "print('==', f(), *sys.version.split())\n",
                         "g(**d.copy())\n", "x = [*a.b[0]]\n"})
    Accepted(ok);
}

TEST_CASE("syntax: await outside an async function (fuzz: await_alone_on_a_line, await_extent, await_in_condition)") {
  Refused("import numpy as np\nawait \nx = 1\n", "'await' is a keyword");
  Refused("def f(a):\n    m = await a.extent(1)\n    return m\n", "'await' outside async function");
  Refused("def f(n):\n    if n <= await 1:\n        return 0\n", "'await' outside async function");
  Refused("x = await g()\n", "'await' outside async function");
  Refused("async def f():\n    g = lambda: await h()\n", "'await' outside async function");
  Refused("def f():\n    async for x in y:\n        pass\n", "'async for' outside async function");
  Accepted("async def f(g):\n    x = await g()\n    async for y in x:\n        pass\n    async with g() as h:\n        pass\n");
}

TEST_CASE("syntax: parameters equal after NFKC normalisation (fuzz: axpy_y_fullwidth_x_x, saxpy_new_x_fullwidth_x)") {
  using caramba::syntax_checks::NormalizedName;
  CHECK(NormalizedName("\xEF\xBD\x98") == "x");                   // fullwidth x
  CHECK(NormalizedName("\xF0\x9D\x90\xB1") == "x");               // mathematical bold x
  CHECK(NormalizedName("caf\xC3\xA9") == NormalizedName("cafe\xCC\x81"));  // é, e + combining acute
  CHECK(NormalizedName("\xEA\xB0\x80") == "\xE1\x84\x80\xE1\x85\xA1");     // Hangul GA, by formula
  Refused("def axpy(y, \xEF\xBD\x98, x):\n    return y\n", "duplicate argument 'x' in function definition");
  Refused("def saxpy_new(alpha, x, \xEF\xBD\x98):\n    pass\n", "duplicate argument");
  Refused("f(x=1, \xEF\xBD\x98=2)\n", "keyword argument repeated");
  Accepted("def f(x, \xCE\xBE, e, \xC3\xA9):\n    return x\n");  // ξ, é: other names
}

TEST_CASE("syntax: statements run together on one line (fuzz: tuple_then_global, as_nif_p, as_nnonlocal_yp, vectoclass_c_rize, import5numpy)") {
  const std::string run_together = "a statement on the line of another";
  Refused("def f(n, m):\n    shape = (n, m) global x # grid's shape\n", run_together);
  Refused("import numpy as nif p\n", run_together);
  Refused("import numpy as nnonlocal yp\n", run_together);
  Refused("from numba import jit, njit, vectoclass C:rize\n", run_together);
  Refused("def f(latest, labels, i):\n       global x latest[labels[i]] = 1\n", run_together);
  Refused("g=pk.array(g))y\n", "invalid syntax");
  Refused("importznumpy as np\n", "'as' here");
  Refused("import5numpy as np\n", "'as' here");
  Refused("x = 1 \\\ny = 2\n", "invalid syntax");
  for (const char* ok : {"x = 1; y = 2\n", "x = 1 \\\n    + 2\n", "FS = 0x1c  # ^\\\nGS = 0x1d\n",
                         "if x: pass\nelse: pass\n", "with a as b, c as d:\n    pass\n",
                         "try:\n    pass\nexcept E as e:\n    pass\n", "def f(): return 1\nx = f()\n"})
    Accepted(ok);
}

TEST_CASE("syntax: an assignment inside an expression (fuzz: nbin_plus_equals_s, item_colon_call, clamp_plus_equals, int6try_annotation)") {
  const std::string inside = "an assignment inside an expression";
  Refused("NBIN+=S = 64\n", inside);
  Refused("p = _pk_p[0].item:()\n", inside);
  Refused("out[i] = clamp+=(a[i], lo, hi)\n", inside);
  Refused("def f(tid):\n    i: pk.int6try:4 = tid\n", "annotation with two ':'");
  Refused("def _pk_dot(tid, acc: pk.Acc[pk.double]. a: pk.View1D[pk.double]):\n    pass\n", "annotation with two ':'");
  Refused("def f(a):\n    w := a[0]\n", "':=' needs parentheses");
  Refused("x = y := 1\n", "':=' needs parentheses");
  for (const char* bad : {"assert x := 1\n", "for a in y := z:\n    pass\n", "x = [a for a in b if c := 1]\n",
                          "def f():\n    yield x := 1\n", "del x := 1\n", "raise x := 1\n", "with x := 1:\n    pass\n",
                          "x = y if z := 1 else w\n", "g = lambda: x := 1\n", "f(a=x := 1)\n"})
    Refused(bad, "':=' needs parentheses");
  for (const char* ok : {"a = b = 1\n", "x: int = 1\n", "a += 1\n", "if (n := len(a)) > 1:\n    pass\n",
                         "f(y := 1)\n", "x = (y := 1)\n", "while (c := f()):\n    pass\n", "v = [y := 1, 2]\n",
                         "if n := 1:\n    pass\n", "x = [y := 1 for a in b]\n", "t = (x := 1, 2)\n",
                         "a[x := 1, 2]\n", "@x := y\ndef f():\n    pass\n", "match x := 1:\n    case 1:\n        pass\n",
                         "s = {y := 1}\n", "g = (y := v for v in w)\n"})
    Accepted(ok);
}

TEST_CASE("syntax: parameters in an order CPython refuses (fuzz: cyclic_diff_slash_first)") {
  Refused("def cyclic_diff(/, out):\n    pass\n", "at least one argument must precede /");
  Refused("def f(a, *, b, /):\n    pass\n", "/ must be ahead of *");
  Refused("def f(a, /, b, /):\n    pass\n", "/ may appear only once");
  Accepted("def f(a, /, b, *, c):\n    pass\n");
  Accepted("g = lambda a, /, b: a\n");
}

TEST_CASE("syntax: defaults, stars and annotations CPython refuses (fuzz: var_keyword_then_parameter, parameter_without_default_after_default, starred_annotation_on_plain_parameter)") {
  Refused("def smooth(**kwa, out):\n    pass\n", "arguments cannot follow var-keyword argument");
  Refused("def f(x, y=1, z):\n    pass\n", "non-default argument follows default argument");
  Refused("g = lambda x=1, y: x\n", "non-default argument follows default argument");
  Refused("def f(*a, *b):\n    pass\n", "* argument may appear only once");
  Refused("def f(a, *):\n    pass\n", "named arguments must follow bare *");
  Refused("def f(a, *, **kw):\n    pass\n", "named arguments must follow bare *");
  Refused("def powmod(base, exp: *int, mod):\n    pass\n", "starred annotation");
  Refused("def powmod(base, exp: *pk.int64, mod):\n    pass\n", "starred annotation");
  Refused("x: *int = 1\n", "starred annotation");
  Accepted("def f(*a: *Ts, b: tuple[*Ts]) -> tuple[*Ts]:\n    pass\nx: tuple[*Ts] = 1\n");
  Accepted("def f(x, y=1, *args, z, w=2, **kw):\n    pass\n");
  Accepted("def f(a, /, b=1, *, c, d=2):\n    pass\n");
  Accepted("def f(exc, /, value=1, tb=2, limit=None, \\\n      file=None, chain=True):\n    pass\n");
  Accepted("def f(*args: int, **kw: float):\n    pass\n");
  Accepted("def f(x=1, *, y):\n    pass\n");
}

TEST_CASE("syntax: a compound statement on the line of another (fuzz: compound_statement_after_one_line_block)") {
  Refused("for i in range(8):1    for j in range(9):\n        pass\n", "compound statement must start a line");
  Refused("x = 1; for i in y:\n    pass\n", "compound statement must start a line");
  Refused("if a: for i in y: pass\n", "compound statement must start a line");
  Accepted("for i in range(8): x = 1\nfor j in range(9): pass\n");
  Accepted("if a:\n    for i in y: pass\n    while b: pass\n");
  Accepted("@dec\ndef f():\n    pass\nclass C: pass\n");
}

TEST_CASE("syntax: a yield inside an expression, an empty argument (fuzz: yield_in_a_tuple_argument, comma_as_the_only_argument)") {
  Refused("def g():\n    b = rng.random((c, yield), 1)\n", "'yield' inside an expression");
  Refused("def g():\n    y = [yield]\n", "'yield' inside an expression");
  Refused("def g():\n    t = np.linalg.norm(,)\n", "a ',' with no argument");
  Accepted("def g():\n    v = (yield)\n    w = yield\n    x = yield a, b\n    f((yield))\n    yield\n    z += yield\n");
  Accepted("t = f()\nu = f(a,)\nv = f(*a, **k)\n");
}

TEST_CASE("syntax: a logical line broken outside brackets (fuzz: np_dot_at_line_end, def_crlf_name, backslash_at_eof, import_trailing_comma)") {
  Refused("import numpy as np\nnp.\nx = 1\n", "line break outside brackets");
  Refused("@njit\ndef\r\n symmetric(M, data):\n    pass\n", "line break outside brackets");
  Refused("def f(x):\n    return x\n\\\n", "unexpected EOF while parsing");
  Refused("import numpy as np,\n", "trailing comma not allowed");
  Refused("from numba import njit,\n", "trailing comma not allowed");
  Refused("t = 0 if i > 0 else 1 if i > 1\nx = 2\n", "invalid syntax");
  for (const char* ok : {"x = (1 +\n     2)\n", "from numba import (njit,\n    prange,)\n", "s = '''a\nb'''\n",
                         "def f(a,\n      b):\n    return a\n", "@njit(\n    parallel=True,\n)\ndef f():\n    pass\n",
                         "x = 1  # ends with \\\n", "y = [\n    1,  # one\n    2,\n]\n"})
    Accepted(ok);
}

TEST_CASE("syntax: indentation after a byte-order mark and of clauses (fuzz: bom_then_indented_docstring, elif_at_column_2)") {
  Refused("\xEF\xBB\xBF    \"\"\"@vectorize and @guvectorize build NumPy ufuncs.\"\"\"\nx = 1\n", "unexpected indent");
  Refused("if i == 0:\n    t = 0\nelif i == 1:\n    t = 1\n  elif i == 2:\n    t = 2\n",
          "unindent does not match any outer indentation level");
  Refused("try:\n    pass\n  except E:\n    pass\n", "unindent does not match");
  Accepted("\xEF\xBB\xBFx = 1\n");
  Accepted("if a:\n    if b:\n        pass\n    else:\n        pass\nelse:\n    pass\n");
}

TEST_CASE("syntax: a positional argument after a keyword argument (fuzz: prefix_sum_a_equals_pk_comma_array)") {
  Refused("def prefix_sum(a):\n    pk.parallel_for(pk.RangePolicy(pk.Serial, 0, 1), _pk_prefix_sum, a=pk,array(a))\n",
          "positional argument follows keyword argument");
  Refused("f(**kw, x)\n", "positional argument follows keyword argument unpacking");
  Refused("f(**kw, *args)\n", "iterable argument unpacking follows keyword argument unpacking");
  for (const char* ok : {"f(1, *a, b=2, *c, **d, e=3)\n", "f(a=1, *b)\n", "f(x for x in y)\n",
                         "f(1,  # one\n  b=2)\n"})
    Accepted(ok);
}

TEST_CASE("syntax: the sanitized device fuzz run's findings (fuzz: star_param_attribute, tuple_augmented_target, tab_after_space_block, comment_ending_in_cr)") {
  // def k(a, *re.t): a parameter is a name.
  Refused("def k(a, *re.t):\n    a[0] = 1.0\n", "a parameter must be a name");
  Refused("def k(a, **re.t):\n    pass\n", "a parameter must be a name");
  // q, += x[i] * x[i]
  Refused("def f(x):\n    q, += x[0]\n", "'tuple' is an illegal expression for augmented assignment");
  Refused("def f(x):\n    [q] += x[0]\n", "'list' is an illegal expression for augmented assignment");
  Refused("def f(x):\n    (r,) += x\n", "'tuple' is an illegal expression for augmented assignment");
  for (const char* ok : {"def f(a):\n    (q) += a\n", "def f(a):\n    a.b += 1\n    (a[1]) += 2\n    ((x)) -= 1\n",
                         "def f(*args, **kw):\n    pass\n", "f = lambda *a, **k: 0\n"})
    Accepted(ok);
  // A block indented with a space, then a tab: equal in bytes, not for CPython.
  Refused("def f(a):\n x = 1\n\ty = 2\n", "inconsistent use of tabs and spaces in indentation");
  Refused("if a:\n        x = 1\n\ty = 2\n", "inconsistent use of tabs and spaces in indentation");
  Refused("if a:\n\tif b:\n\t\tx = 1\n        \ty = 2\n", "inconsistent use of tabs and spaces in indentation");
  Accepted("if a:\n\tx = 1\n\tif b:\n\t\ty = 2\n\tz = 3\n");
  Accepted("if a:\n    x = 1\n    if b:\n        y = 2\n");
  // A comment ended by a lone carriage return: the next "line" is code.
  Refused("def f(a):  # c\r x = 1\n\ty = 2\n", "inconsistent use of tabs and spaces in indentation");
  Accepted("def f(a):\r    x = 1\r    return x\r");
}

TEST_CASE("syntax: a lone carriage return ends a line, as in CPython (fuzz: comment_ending_in_cr)") {
  caramba::Tree t = caramba::Tree::Parse("def f(a):\n    a[0] = 1.0  # c\r    a[1] = 2.0\n");
  caramba::Node body = t.Root().NamedChild(0).ChildByField("body");
  REQUIRE(body);
  int statements = 0;
  for (const caramba::Node& s : body.NamedChildren()) statements += s.Type() != "comment";
  CHECK(statements == 2);
  // The source keeps its length, so offsets into the user's text hold.
  CHECK(t.Source().size() == std::string("def f(a):\n    a[0] = 1.0  # c\r    a[1] = 2.0\n").size());
}

TEST_CASE("syntax: the second device fuzz run's findings (fuzz: njit_signature_string_broken, from_import_dotted_name, importtry_annotation_as)") {
  Refused("@njit(\"\nfloat64(int64)\")\ndef f(n):\n    return n\n", "unterminated string literal");
  Refused("x = 'ab\ncd'\n", "invalid syntax");  // the grammar itself stops here
  Refused("x = 'ab\\\\\ncd'\n", "unterminated string literal");  // an escaped backslash, then the break
  for (const char* ok : {"x = 'ab\\\ncd'\n", "x = \"\"\"a\nb\"\"\"\n", "x = r'a\\\nb'\n", "x = f'{a}\\\n'\n",
                         "x = 'ab\\\r\ncd'\n", "x = b'''\n'''\n"})
    Accepted(ok);
  Refused("from numba import jnp.it, njit\n", "'from ... import' takes names, not 'jnp.it'");
  Refused("from a import (b.c as d)\n", "'from ... import' takes names");
  for (const char* ok : {"from a.b import c\n", "from a import (b as c, d)\n", "from . import x\n", "import a.b as c\n"})
    Accepted(ok);
  Refused("importtry: numpy as np\n", "'as' here");
  Accepted("x: int = 1\nwith open(p) as f:\n    pass\n");
}
