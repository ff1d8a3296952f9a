// json_rpc.h — JSON-RPC 2.0 over a byte stream with LSP's `Content-Length`
// framing: a reader that survives anything a broken or hostile client sends
// (malformed headers, bad JSON, huge lengths, EOF mid-message) and a writer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

#include <nlohmann/json.hpp>

namespace caramba::lsp {

/// JSON-RPC and LSP error codes.
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,
  kRequestFailed = -32803,
  kRequestCancelled = -32800,
  kContentModified = -32801,
};

/// Where the reader gets bytes from. Separate from std::istream because the
/// server must ask "is anything waiting?" without blocking: that is how it
/// sees a $/cancelRequest or a newer didChange before starting slow work.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  /// Reads up to `n` bytes into `buf`. With `block`, waits until at least one
  /// byte arrives or the input ends. Returns the number of bytes read; 0 with
  /// *eof set at end of input; 0 with *eof clear when nothing is available
  /// right now (only when !block).
  virtual size_t Read(char* buf, size_t n, bool block, bool* eof) = 0;
};

/// A POSIX file descriptor (the server's stdin), polled for readiness.
class FdSource : public ByteSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  size_t Read(char* buf, size_t n, bool block, bool* eof) override;

 private:
  int fd_;
};

/// A std::istream; used by tests (string streams never block, so every
/// buffered byte counts as available).
class StreamSource : public ByteSource {
 public:
  explicit StreamSource(std::istream& in) : in_(in) {}
  size_t Read(char* buf, size_t n, bool block, bool* eof) override;

 private:
  std::istream& in_;
};

/// One thing read off the wire.
struct Incoming {
  enum class Kind {
    kMessage,     // `message` holds the parsed JSON value (any type)
    kParseError,  // a frame whose header or body was unusable; `error` says why
    kNone,        // nothing complete is available yet (non-blocking read)
    kEof,         // the input ended (a partial frame at the end is dropped)
  };
  Kind kind = Kind::kNone;
  nlohmann::json message;
  std::string error;
};

/// Splits the byte stream into framed JSON messages.
///
/// Recovery rule: after a malformed header block the reader reports one parse
/// error and skips ahead to the next `Content-Length:` it sees, so one bad
/// frame costs exactly one error and the session continues.
class MessageReader {
 public:
  /// Bodies longer than `max_body` bytes are skipped (reported as a parse
  /// error) instead of buffered, so a bogus length cannot exhaust memory.
  explicit MessageReader(ByteSource& source, size_t max_body = size_t{1} << 30)
      : source_(source), max_body_(max_body) {}

  /// The next message. With `block`, waits for input; without, returns kNone
  /// when no complete frame is buffered or ready to read.
  Incoming Next(bool block);

 private:
  enum class Step { kProduced, kNeedMore };
  Step TryParse(Incoming* out);
  /// Reads more input into the buffer; false when nothing came (EOF or, when
  /// !block, nothing ready).
  bool Fill(bool block);
  /// Drops buffered bytes up to the next "Content-Length:" (keeping a tail
  /// that may be the start of one).
  void Resync();

  ByteSource& source_;
  size_t max_body_;
  std::string buffer_;
  size_t pos_ = 0;         // start of unconsumed bytes in buffer_
  uint64_t skip_ = 0;      // bytes of an oversized body still to discard
  bool resyncing_ = false; // looking for the next header after an error
  bool eof_ = false;
};

/// The frame for one message: `Content-Length: N\r\n\r\n` and the JSON body.
/// Invalid UTF-8 in strings is replaced (U+FFFD) rather than thrown on.
std::string Frame(const nlohmann::json& message);

/// Response helpers.
nlohmann::json MakeResult(const nlohmann::json& id, nlohmann::json result);
nlohmann::json MakeError(const nlohmann::json& id, int code, std::string message);
nlohmann::json MakeNotification(std::string method, nlohmann::json params);
nlohmann::json MakeRequest(const nlohmann::json& id, std::string method, nlohmann::json params);

}  // namespace caramba::lsp
