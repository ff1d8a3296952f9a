// type_profile.h — exact types recorded from Numba (the type oracle).
//
// `caramba record -- CMD...` runs the user's own code with a hook that, at
// exit, asks every Numba dispatcher which signatures it compiled and what
// Numba inferred for each (`dispatcher.overloads[sig]`: argument types, return
// type, and the typemap of every local). The result is a profile file
// (`.caramba/types.json` in the project by default). difftest records one the
// same way from its inputs (run markers, cases files) before it translates.
//
// The translator's type analysis (caramba/analysis/type_inference.h) takes
// types from, in this order: eager signatures in the decorator, the profile,
// static inference. Types Caramba cannot model (tuples, lists, records,
// Optional, ...) are kept by their Numba spelling with `scalar == kUnknown`, so
// the consumer can refuse with a message naming them.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caramba/types.h"

namespace caramba {

/// A type as Numba printed it, and Caramba's model of it (scalar kUnknown
/// when Caramba has none: the Numba spelling says what it was).
struct ProfiledType {
  Type type;
  std::string numba;  // "array(float64, 2d, C)", "int64", "UniTuple(int64 x 2)"
  bool Known() const { return type.scalar != Scalar::kUnknown; }
};

/// One signature a dispatcher compiled.
struct ProfiledSignature {
  std::vector<ProfiledType> args;  // in parameter order
  ProfiledType result;             // Scalar::kNone for no return value
  /// Numba's typemap of the user's locals (SSA versions `x.1` merged into
  /// `x`; compiler temporaries `$...` left out). A local whose versions had
  /// different types is absent from `locals` and listed in `unstable_locals`.
  std::map<std::string, ProfiledType, std::less<>> locals;
  std::vector<std::string> unstable_locals;
};

/// Every signature recorded for one kernel.
struct ProfiledKernel {
  std::string file;      // the source file, as recorded (absolute)
  std::string relative;  // relative to the profile's project root ("" if outside)
  std::string qualname;  // "kernel", "Class.method", "outer.<locals>.inner"
  int line = 0;          // first line of the def, 1-based
  std::vector<ProfiledSignature> signatures;
};

struct TypeProfile {
  std::string path;  // the profile file it was read from ("" if built in memory)
  std::string root;  // the project root (the folder holding `.caramba/`)
  std::vector<ProfiledKernel> kernels;
  /// The kernel `qualname` of the source file `file` (as given on the command
  /// line: compared by canonical path, then by path relative to the root,
  /// then by file name when that is unique in the profile); null if absent.
  const ProfiledKernel* Find(std::string_view file, std::string_view qualname) const;
};

/// Reads a profile file; nullopt with `error` set on failure (the message
/// names the file and what is wrong).
std::optional<TypeProfile> LoadTypeProfile(const std::string& path, std::string* error);

/// The profile of the project `file` belongs to: the nearest
/// `.caramba/types.json` in the file's folder or one of its parents; "" if none.
std::string FindProjectProfile(std::string_view file);

}  // namespace caramba
