// json_rpc.cpp — see json_rpc.h.
#include "caramba/lsp/json_rpc.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <istream>
#include <optional>

namespace caramba::lsp {

namespace {
// A header block longer than this without its blank line is garbage, not a
// header: the reader stops waiting for its end and resynchronises.
constexpr size_t kMaxHeaderBytes = 8192;
constexpr std::string_view kLengthName = "content-length";

bool IEquals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

// Case-insensitive search for "content-length:" from `from`.
size_t FindLengthHeader(const std::string& s, size_t from) {
  static constexpr std::string_view kNeedle = "content-length:";
  if (s.size() < kNeedle.size()) return std::string::npos;
  for (size_t i = from; i + kNeedle.size() <= s.size(); ++i) {
    if ((s[i] | 0x20) != 'c') continue;
    if (IEquals(std::string_view(s).substr(i, kNeedle.size()), kNeedle)) return i;
  }
  return std::string::npos;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}
}  // namespace

size_t FdSource::Read(char* buf, size_t n, bool block, bool* eof) {
  *eof = false;
  for (;;) {
    pollfd p{fd_, POLLIN, 0};
    int r = ::poll(&p, 1, block ? -1 : 0);
    if (r < 0) {
      if (errno == EINTR) continue;
      *eof = true;
      return 0;
    }
    if (r == 0) return 0;  // nothing ready (non-blocking)
    ssize_t got = ::read(fd_, buf, n);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) {
        if (!block) return 0;
        continue;
      }
      *eof = true;
      return 0;
    }
    if (got == 0) *eof = true;
    return static_cast<size_t>(got);
  }
}

size_t StreamSource::Read(char* buf, size_t n, bool /*block*/, bool* eof) {
  // Only tests read from a std::istream, and their string streams never
  // block, so "available" and "blocking" reads are the same thing here.
  *eof = false;
  std::streamsize got = in_.readsome(buf, static_cast<std::streamsize>(n));
  if (got > 0) return static_cast<size_t>(got);
  in_.read(buf, 1);  // readsome cannot tell "exhausted" from "unknown"
  if (in_.gcount() == 0) {
    *eof = true;
    return 0;
  }
  return 1;
}

bool MessageReader::Fill(bool block) {
  if (eof_) return false;
  char chunk[65536];
  bool eof = false;
  size_t got = source_.Read(chunk, sizeof chunk, block, &eof);
  if (eof) eof_ = true;
  if (got == 0) return false;
  // Compact before growing so a long session does not keep every byte.
  if (pos_ > 0 && pos_ >= buffer_.size() / 2) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  buffer_.append(chunk, got);
  return true;
}

void MessageReader::Resync() {
  size_t at = FindLengthHeader(buffer_, pos_);
  if (at != std::string::npos) {
    pos_ = at;
    resyncing_ = false;
    return;
  }
  // Keep a tail that may be the first bytes of a header split across reads.
  size_t keep = std::min<size_t>(buffer_.size() - pos_, kLengthName.size());
  pos_ = buffer_.size() - keep;
}

MessageReader::Step MessageReader::TryParse(Incoming* out) {
  if (skip_ > 0) {
    size_t n = static_cast<size_t>(std::min<uint64_t>(skip_, buffer_.size() - pos_));
    pos_ += n;
    skip_ -= n;
    if (skip_ > 0) return Step::kNeedMore;
  }
  if (resyncing_) {
    Resync();
    if (resyncing_) return Step::kNeedMore;
  }
  // Blank lines between frames are tolerated.
  while (pos_ < buffer_.size() && (buffer_[pos_] == '\r' || buffer_[pos_] == '\n')) ++pos_;
  if (pos_ >= buffer_.size()) return Step::kNeedMore;

  // The header block ends at the first empty line ("\r\n\r\n"; a bare "\n\n"
  // is accepted too, for hand-typed sessions).
  size_t end = std::string::npos, body = 0;
  for (size_t i = pos_; i < buffer_.size() && i - pos_ <= kMaxHeaderBytes; ++i) {
    if (buffer_[i] != '\n') continue;
    size_t j = i + 1;
    if (j < buffer_.size() && buffer_[j] == '\r') ++j;
    if (j < buffer_.size() && buffer_[j] == '\n') {
      end = i;
      body = j + 1;
      break;
    }
  }
  if (end == std::string::npos) {
    if (buffer_.size() - pos_ <= kMaxHeaderBytes) return Step::kNeedMore;
    out->kind = Incoming::Kind::kParseError;
    out->error = "header block longer than " + std::to_string(kMaxHeaderBytes) + " bytes without an empty line";
    ++pos_;
    resyncing_ = true;
    return Step::kProduced;
  }

  std::optional<uint64_t> length;
  std::string problem;
  size_t problem_at = pos_;  // where resynchronisation starts looking
  for (size_t line_start = pos_; line_start < end && problem.empty();) {
    size_t nl = buffer_.find('\n', line_start);
    if (nl == std::string::npos || nl > end) nl = end;
    std::string_view line = Trim(std::string_view(buffer_).substr(line_start, nl - line_start));
    problem_at = line_start;
    line_start = nl + 1;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) {
      problem = "malformed header line '" + std::string(line.substr(0, 80)) + "'";
      break;
    }
    std::string_view name = Trim(line.substr(0, colon)), value = Trim(line.substr(colon + 1));
    if (!IEquals(name, kLengthName)) continue;  // Content-Type and unknown headers are ignored
    uint64_t v = 0;
    bool digits = !value.empty() && value.size() <= 18;
    for (char c : value) {
      if (c < '0' || c > '9') digits = false;
      else v = v * 10 + static_cast<uint64_t>(c - '0');
    }
    if (!digits) problem = "bad Content-Length '" + std::string(value.substr(0, 40)) + "'";
    else length = v;
  }
  if (problem.empty() && !length) problem = "header block without Content-Length";
  if (!problem.empty()) {
    // Resume the search just after the bad line's first byte: a valid header
    // later in the same block is still found, the bad one is not re-read.
    out->kind = Incoming::Kind::kParseError;
    out->error = problem;
    pos_ = problem_at + 1;
    resyncing_ = true;
    return Step::kProduced;
  }
  if (*length > max_body_) {
    out->kind = Incoming::Kind::kParseError;
    out->error = "message of " + std::to_string(*length) + " bytes exceeds the limit of " +
                 std::to_string(max_body_) + "; skipped";
    pos_ = body;
    skip_ = *length;
    return Step::kProduced;
  }
  if (buffer_.size() - body < *length) return Step::kNeedMore;
  const char* b = buffer_.data() + body;
  nlohmann::json j = nlohmann::json::parse(b, b + *length, nullptr, /*allow_exceptions=*/false);
  pos_ = body + static_cast<size_t>(*length);
  if (j.is_discarded()) {
    out->kind = Incoming::Kind::kParseError;
    out->error = "body is not valid JSON";
  } else {
    out->kind = Incoming::Kind::kMessage;
    out->message = std::move(j);
  }
  return Step::kProduced;
}

Incoming MessageReader::Next(bool block) {
  for (;;) {
    Incoming out;
    if (TryParse(&out) == Step::kProduced) return out;
    if (eof_) {
      out.kind = Incoming::Kind::kEof;
      return out;
    }
    if (!Fill(block)) {
      if (eof_) continue;  // parse what is left, then report EOF
      out.kind = Incoming::Kind::kNone;
      return out;
    }
  }
}

std::string Frame(const nlohmann::json& message) {
  std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

nlohmann::json MakeResult(const nlohmann::json& id, nlohmann::json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

nlohmann::json MakeError(const nlohmann::json& id, int code, std::string message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", std::move(message)}}}};
}

nlohmann::json MakeNotification(std::string method, nlohmann::json params) {
  return {{"jsonrpc", "2.0"}, {"method", std::move(method)}, {"params", std::move(params)}};
}

nlohmann::json MakeRequest(const nlohmann::json& id, std::string method, nlohmann::json params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", std::move(method)}, {"params", std::move(params)}};
}

}  // namespace caramba::lsp
