// cli_parse.cpp — see cli_parse.h.
#include "caramba/cli_parse.h"

#include <ostream>

#include <CLI/CLI.hpp>

#include "caramba/cli.h"

namespace caramba {

std::optional<int> ParseArgs(CLI::App& app, const std::vector<std::string>& args, std::ostream& out,
                             std::ostream& err, std::string_view prog, std::string_view help) {
  // CLI11 consumes a reversed vector.
  std::vector<std::string> rev(args.rbegin(), args.rend());
  try {
    app.parse(rev);
  } catch (const CLI::CallForHelp&) {
    out << app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    err << prog << ": error[CRB009]: " << e.what() << "\n";
    if (!help.empty()) err << "  help: " << help << "\n";
    return kExitFailure;
  }
  return std::nullopt;
}

}  // namespace caramba
