// JSON-RPC framing: what a sloppy or hostile client can send, and recovery.
#include <doctest/doctest.h>

#include <sstream>

#include "caramba/lsp/json_rpc.h"

using namespace caramba::lsp;
using nlohmann::json;

namespace {
std::string Framed(const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

// Hands out at most `chunk` bytes per read, to split headers and bodies.
class TrickleSource : public ByteSource {
 public:
  TrickleSource(std::string data, size_t chunk) : data_(std::move(data)), chunk_(chunk) {}
  size_t Read(char* buf, size_t n, bool, bool* eof) override {
    *eof = pos_ >= data_.size();
    size_t k = std::min({n, chunk_, data_.size() - pos_});
    data_.copy(buf, k, pos_);
    pos_ += k;
    return k;
  }

 private:
  std::string data_;
  size_t chunk_, pos_ = 0;
};

std::vector<Incoming> ReadAll(ByteSource& src, size_t max_body = size_t{1} << 30) {
  MessageReader r(src, max_body);
  std::vector<Incoming> out;
  for (int guard = 0; guard < 1000; ++guard) {
    Incoming in = r.Next(true);
    if (in.kind == Incoming::Kind::kEof) return out;
    out.push_back(std::move(in));
  }
  FAIL("reader did not reach EOF");
  return out;
}

std::vector<Incoming> ReadString(const std::string& s, size_t max_body = size_t{1} << 30) {
  std::istringstream in(s);
  StreamSource src(in);
  return ReadAll(src, max_body);
}
}  // namespace

TEST_CASE("framing: consecutive messages / any header case / Content-Type ignored") {
  std::string s = Framed(R"({"a":1})") + "content-length: 7\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{\"b\":2}";
  auto msgs = ReadString(s);
  REQUIRE(msgs.size() == 2);
  CHECK(msgs[0].message["a"] == 1);
  CHECK(msgs[1].message["b"] == 2);
}

TEST_CASE("framing: headers and bodies split across reads of one byte") {
  std::string s = Framed(R"({"text":"é🚀"})") + Framed(R"([1,2,3])");
  TrickleSource src(s, 1);
  auto msgs = ReadAll(src);
  REQUIRE(msgs.size() == 2);
  CHECK(msgs[0].message["text"] == "é🚀");
  CHECK(msgs[1].message.is_array());
}

TEST_CASE("framing: a malformed header costs one parse error / the next frame is read") {
  std::string s = "Garbage without colon\r\n\r\n{\"x\":1}" + Framed(R"({"ok":true})");
  auto msgs = ReadString(s);
  REQUIRE(msgs.size() == 2);
  CHECK(msgs[0].kind == Incoming::Kind::kParseError);
  CHECK(msgs[1].kind == Incoming::Kind::kMessage);
  CHECK(msgs[1].message["ok"] == true);
}

TEST_CASE("framing: bad Content-Length values and missing lengths recover") {
  for (std::string bad : {"Content-Length: abc\r\n\r\n{}", "Content-Length: -5\r\n\r\n{}",
                          "Content-Type: text/plain\r\n\r\n{}", "Content-Length: 99999999999999999999\r\n\r\n"}) {
    CAPTURE(bad);
    auto msgs = ReadString(bad + Framed(R"({"n":7})"));
    REQUIRE(msgs.size() == 2);
    CHECK(msgs[0].kind == Incoming::Kind::kParseError);
    CHECK(msgs[1].message["n"] == 7);
  }
}

TEST_CASE("framing: invalid JSON bodies are parse errors - the stream continues") {
  auto msgs = ReadString(Framed("{not json") + Framed("\xff\xfe") + Framed(R"({"fine":1})"));
  REQUIRE(msgs.size() == 3);
  CHECK(msgs[0].kind == Incoming::Kind::kParseError);
  CHECK(msgs[1].kind == Incoming::Kind::kParseError);
  CHECK(msgs[2].message["fine"] == 1);
}

TEST_CASE("framing: an oversized body is skipped / not buffered") {
  std::string big(5000, ' ');
  auto msgs = ReadString(Framed("[" + big + "]") + Framed(R"({"after":1})"), /*max_body=*/1000);
  REQUIRE(msgs.size() == 2);
  CHECK(msgs[0].kind == Incoming::Kind::kParseError);
  CHECK(msgs[0].error.find("exceeds") != std::string::npos);
  CHECK(msgs[1].message["after"] == 1);
}

TEST_CASE("framing: EOF in the middle of a frame ends the stream cleanly") {
  CHECK(ReadString("Content-Length: 100\r\n\r\n{\"trunc").empty());
  CHECK(ReadString("Content-Len").empty());
  CHECK(ReadString("").empty());
  // Blank lines between frames (hand-typed sessions) are tolerated.
  auto msgs = ReadString("\r\n\r\n" + Framed("{}") + "\n");
  REQUIRE(msgs.size() == 1);
  CHECK(msgs[0].kind == Incoming::Kind::kMessage);
}

TEST_CASE("framing: a garbage flood without headers does not grow without bound and recovers") {
  std::string junk;
  for (int i = 0; i < 2000; ++i) junk += "lorem ipsum dolor sit amet ";
  auto msgs = ReadString(junk + "\r\n\r\n" + Framed(R"({"ok":1})"));
  REQUIRE(msgs.size() >= 2);
  CHECK(msgs.front().kind == Incoming::Kind::kParseError);
  CHECK(msgs.back().message["ok"] == 1);
}

TEST_CASE("Frame writes Content-Length in bytes and replaces invalid UTF-8") {
  std::string f = Frame(json{{"s", "π"}});
  CHECK(f == "Content-Length: 10\r\n\r\n{\"s\":\"π\"}");
  std::string bad = Frame(json{{"s", std::string("a\xff")}});
  CHECK(bad.find("\xEF\xBF\xBD") != std::string::npos);
}
