// main.cpp — the thin `caramba` executable; everything lives in caramba_core.
#include <iostream>
#include <unistd.h>

#include "caramba/cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  caramba::RealFileSystem fs;
  return caramba::RunCli(args, std::cin, std::cout, std::cerr, fs, ::isatty(2) != 0);
}
