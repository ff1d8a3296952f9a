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
///
/// How the file's parsed form maps onto `type`: kind "array" -> the dtype with
/// rank = ndim (>= 1) and layout 'C'/'F'/'A'; kind "scalar" -> the dtype at
/// rank 0; kind "none" -> Scalar::kNone (a function that returns nothing, or a
/// None argument); kind "other" -> kUnknown. Literal types are recorded as
/// their base type (`Literal[int](3)` is int64), readonly arrays as arrays
/// (`readonly` set), 0-d arrays and arrays of records as "other". Complex
/// dtypes are kComplex64/kComplex128 (Known(), but Caramba cannot translate
/// them).
struct ProfiledType {
  Type type;
  std::string numba;  // "array(float64, 2d, C)", "int64", "UniTuple(int64 x 2)"
  bool readonly = false;  // a readonly array (Numba: "readonly array(...)")
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
  /// The parameter names when it was recorded (`def f(a, b)`: {"a", "b"}),
  /// so a consumer can tell a profile recorded before the def changed.
  std::vector<std::string> params;
  /// Distinct signatures (by argument types), sorted by their spelling.
  std::vector<ProfiledSignature> signatures;
  /// `file` with symlinks resolved when it exists (else `file` made absolute
  /// and normal); filled by the loader and the merge, used by Find.
  std::string canonical;
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

// ---- producing profiles (caramba record, difftest) --------------------------

/// The format version this build reads and writes ("version" in the file).
inline constexpr int kTypeProfileVersion = 1;

/// Parses the text of a profile (or of a record fragment); `path` names it in
/// errors and gives the root (ProfileRootFor). Same errors as LoadTypeProfile.
std::optional<TypeProfile> ParseTypeProfile(std::string_view text, const std::string& path, std::string* error);

/// The profile as JSON text (docs/types.md): `relative` recomputed against
/// `profile.root`, kernels sorted by file and qualname.
std::string TypeProfileToJson(const TypeProfile& profile);

/// The project root a profile file belongs to: the parent of its folder when
/// that folder is `.caramba`, else its own folder.
std::string ProfileRootFor(std::string_view profile_path);

/// The project root of a working folder: the nearest of `dir` and its
/// parents that holds `.caramba/`, `pyproject.toml` or `.git`; else `dir`
/// (made absolute).
std::string FindProjectRoot(std::string_view dir);

/// Adds what a recording saw to `profile`. A kernel is identified by its
/// (canonical) file and qualname. Signatures are a union keyed by the
/// argument types; a signature seen again takes the new recording's return
/// type and locals. A kernel whose parameters changed is replaced by the new
/// recording. Kernels and signatures the recording did not see are kept.
void MergeTypeProfile(TypeProfile* profile, const TypeProfile& recorded);

/// Adds the kernels of `extra` that `profile` has no entry for (difftest:
/// the project's profile first, its recorded inputs for the rest).
void AddMissingKernels(TypeProfile* profile, const TypeProfile& extra);

/// Sets each kernel's `canonical` from its `file` (after changing files).
void CanonicalizeFiles(TypeProfile* profile);

/// Number of signatures over all kernels.
size_t SignatureCount(const TypeProfile& profile);

}  // namespace caramba
