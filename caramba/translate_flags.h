// translate_flags.h — the command-line flags that fill TranslateOptions
// (--space, --caller-style, ...). Kept apart from cli.cpp so the translator
// owns its flags and every command that translates (the main command,
// difftest, batch mode) offers the same ones.
#pragma once

#include "caramba/options.h"

namespace CLI {
class App;
}

namespace caramba {

/// Adds the translation flags to `app`, writing into `opts`.
void AddTranslateFlags(CLI::App& app, TranslateOptions& opts);

}  // namespace caramba
