// bench_translate.cpp — in-process translation time per file, for
// scripts/bench-translate: parse + analyses + every visitor, REPEAT times after
// a warm-up, without process start-up or file I/O. Prints median and minimum.
//
//   bench_translate REPEAT FILE...
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "caramba/pass_manager.h"
#include "caramba/pipeline.h"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_translate REPEAT FILE...\n");
    return 2;
  }
  int repeat = std::max(1, std::atoi(argv[1]));
  caramba::PassManager pm(caramba::BuildPipeline());
  caramba::TranslateOptions options;
  std::printf("%-56s %6s %8s %11s %11s\n", "file", "lines", "kernels", "median ms", "min ms");
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string source = ss.str();
    caramba::PassResult warm = pm.Run(source, argv[i], options);
    std::vector<double> ms;
    for (int r = 0; r < repeat; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      caramba::PassResult res = pm.Run(source, argv[i], options);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    long lines = std::count(source.begin(), source.end(), '\n');
    size_t kernels = warm.input_module ? warm.input_module->kernels.size() : 0;
    std::printf("%-56s %6ld %8zu %11.3f %11.3f\n", argv[i], lines, kernels, ms[ms.size() / 2], ms[0]);
  }
  return 0;
}
