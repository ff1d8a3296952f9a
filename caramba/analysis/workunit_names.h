// workunit_names.h — the one rule that names a kernel's workunit.
//
// The SemanticTransformer writes the workunit under this name, validation
// finds the plan of a workunit by it, the helper registry keeps @pk.function
// names clear of it, the KernelRestorer finds a caller's workunit by it and
// the NestedKernelLifting keeps lifted names clear of it. One function, so
// that they cannot disagree (a lifted kernel's workunit once read
// `_pk__pk_make_inner`).
#pragma once

#include <string>
#include <string_view>

namespace caramba {

/// Prefix of every workunit name; user code may not use it (CRB reserved name).
inline constexpr std::string_view kWorkunitPrefix = "_pk_";

/// The workunit of kernel `kernel`: `_pk_<kernel>`. A phase kernel
/// (`_pk_star2_phase1`, phases.h) already carries a reserved name and is its
/// own workunit; so is every kernel under `--caller-style=thesis`, whose
/// caller is `call_<kernel>` instead.
std::string WorkunitName(std::string_view kernel, bool thesis = false);

/// The kernel that translates `kernel` for one kind of its recorded
/// signatures (signature_splits.h), named after what differs: `relu_2d`,
/// `twice_float64`. Its workunit is WorkunitName of that name (`_pk_relu_2d`).
std::string SignatureVariantName(std::string_view kernel, std::string_view what_differs);

/// The workunit parameter that carries scalar parameter `p` of a serial
/// kernel that assigns it (its body starts with `p = _pk_in_p`); the caller
/// passes `_pk_in_p=p` and validation types it as `p`.
inline std::string ParamInName(std::string_view p) { return std::string(kWorkunitPrefix) + "in_" + std::string(p); }

}  // namespace caramba
