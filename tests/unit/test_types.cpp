// Numba types and eager signature parsing.
#include <doctest/doctest.h>

#include "caramba/types.h"

using namespace caramba;

TEST_CASE("signature strings parse into types") {
  std::string err;
  auto s = ParseSignature("float64(float64[:, ::1], int64)", &err);
  REQUIRE(s);
  CHECK(err.empty());
  REQUIRE(s->result);
  CHECK(s->result->scalar == Scalar::kFloat64);
  REQUIRE(s->args.size() == 2);
  CHECK(s->args[0].rank == 2);
  CHECK(s->args[0].layout == 'C');
  CHECK(s->args[1] == Type{Scalar::kInt64, 0, 'A'});
  CHECK(s->ToString() == "float64(float64[:, ::1], int64)");
}

TEST_CASE("signature spellings: short names, void, no result, qualified, Array(), F order") {
  std::string err;
  CHECK(ParseSignature("f8(f8[:], i4, b1)", &err)->ToString() == "float64(float64[:], int32, boolean)");
  CHECK(ParseSignature("void(f4[:,:,:])", &err)->result->scalar == Scalar::kNone);
  auto nores = ParseSignature("(float64[:],)", &err);
  REQUIRE(nores);
  CHECK_FALSE(nores->result);
  CHECK(nores->args.size() == 1);
  CHECK(ParseSignature("nb.types.float64(numba.int64[:])", &err)->ToString() == "float64(int64[:])");
  CHECK(ParseSignature("float64(Array(float32, 3, 'C'))", &err)->args[0].ToString() == "float32[:, :, ::1]");
  CHECK(ParseSignature("f8(f8[::1, :])", &err)->args[0].layout == 'F');
  CHECK(ParseSignature("intp(uint8[:], complex128)", &err)->ToString() == "int64(uint8[:], complex128)");
}

TEST_CASE("bad signatures give a message naming the problem") {
  std::string err;
  CHECK_FALSE(ParseSignature("float64(flot64[:])", &err));
  CHECK(err.find("flot64") != std::string::npos);
  err.clear();
  CHECK_FALSE(ParseSignature("float64(float64[:]", &err));
  CHECK_FALSE(err.empty());
  err.clear();
  CHECK_FALSE(ParseSignature("float64(float64[1])", &err));
  CHECK_FALSE(err.empty());
}

TEST_CASE("promotion follows NumPy/Numba rules") {
  CHECK(Promote(Scalar::kInt64, Scalar::kFloat64) == Scalar::kFloat64);
  CHECK(Promote(Scalar::kInt64, Scalar::kFloat32) == Scalar::kFloat64);
  CHECK(Promote(Scalar::kInt16, Scalar::kFloat32) == Scalar::kFloat32);
  CHECK(Promote(Scalar::kInt32, Scalar::kInt64) == Scalar::kInt64);
  CHECK(Promote(Scalar::kUInt64, Scalar::kInt64) == Scalar::kFloat64);
  CHECK(Promote(Scalar::kUInt8, Scalar::kInt8) == Scalar::kInt16);
  CHECK(Promote(Scalar::kBool, Scalar::kInt32) == Scalar::kInt32);
  CHECK(Promote(Scalar::kFloat32, Scalar::kComplex64) == Scalar::kComplex64);
  CHECK(Promote(Scalar::kFloat64, Scalar::kComplex64) == Scalar::kComplex128);
}

// Functions returning pairs declare them so (a k-means step returning the
// centroids and the labels, statistics returning mean and variance); the
// signature's arguments are what the translation needs.
TEST_CASE("tuple results: UniTuple and Tuple return types parse, and their arguments are known") {
  std::string err;
  auto u = ParseSignature("UniTuple(float64, 2)(float64[:])", &err);
  REQUIRE(u);
  CHECK_FALSE(u->result);
  REQUIRE(u->result_tuple.size() == 2);
  CHECK(u->result_tuple[1].scalar == Scalar::kFloat64);
  REQUIRE(u->args.size() == 1);
  CHECK(u->args[0].rank == 1);
  CHECK(u->ToString() == "Tuple((float64, float64))(float64[:])");
  auto t = ParseSignature("nb.types.Tuple((float64[:, :], int64[:]))(float64[:, :], int64)", &err);
  REQUIRE(t);
  REQUIRE(t->result_tuple.size() == 2);
  CHECK(t->result_tuple[0].rank == 2);
  CHECK(t->result_tuple[1].scalar == Scalar::kInt64);
  CHECK(t->args.size() == 2);
  auto flat = ParseSignature("Tuple(float64, int32)(f8)", &err);
  REQUIRE(flat);
  CHECK(flat->result_tuple.size() == 2);
  err.clear();
  CHECK_FALSE(ParseSignature("UniTuple(float64)(f8)", &err));
  CHECK(err.find("expected ','") != std::string::npos);
  err.clear();
  CHECK_FALSE(ParseSignature("float64(UniTuple(float64, 2))", &err));  // tuple arguments stay unknown
  CHECK(err.find("UniTuple") != std::string::npos);
}
