// cli_parse.h — the one way every caramba command parses its arguments with
// CLI11 and reports the outcome (help, usage error), so `caramba`, `caramba
// explain`, `caramba difftest` and `caramba lsp` behave alike.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace caramba {

/// Parses `args` (without the program/subcommand name) with `app`. Returns
/// nullopt when the command should go on, or the exit status when it should
/// stop: --help printed to `out` (0), or a usage error reported on `err` as
/// `<prog>: error[CRB009]: ...` followed by `help` when not empty (2).
std::optional<int> ParseArgs(CLI::App& app, const std::vector<std::string>& args, std::ostream& out,
                             std::ostream& err, std::string_view prog, std::string_view help = {});

}  // namespace caramba
