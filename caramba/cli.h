// cli.h — the command line, as a function of (arguments, streams, file
// system) so tests can drive it without a process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "caramba/file_system.h"

namespace caramba {

/// Exit statuses (design.md §2.3).
enum ExitCode : int {
  kExitOk = 0,         // success
  kExitFindings = 1,   // something needs the user: a kernel left untranslated …
  kExitFailure = 2,    // usage, I/O or internal error
};

/// Runs `caramba args...` (args excludes the program name).
int RunCli(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err,
           FileSystem& fs, bool err_is_tty = false);

/// The version string printed by --version.
std::string VersionString();

}  // namespace caramba
