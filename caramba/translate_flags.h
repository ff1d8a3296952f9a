// translate_flags.h — the command-line flags that fill TranslateOptions
// (--space, --caller-style, ...). Kept apart from cli.cpp so the translator
// owns its flags and every command that translates (the main command,
// difftest, batch mode) offers the same ones.
#pragma once

#include "caramba/options.h"
#include "caramba/profile_cache.h"

namespace CLI {
class App;
}

namespace caramba {

/// Adds the translation flags to `app`, writing into `opts`, and --types /
/// --no-types into `profile` (the profile itself is loaded per input file,
/// through a ProfileCache, once the command line is parsed).
void AddTranslateFlags(CLI::App& app, TranslateOptions& opts, ProfileFlags& profile);

}  // namespace caramba
