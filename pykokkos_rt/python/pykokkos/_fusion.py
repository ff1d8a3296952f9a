"""Upstream's kernel-fusion form of the dispatches (pykokkos-api.md §1.8):
`pk.parallel_for(policy, [wu_0, wu_1], args_0={...}, args_1={...})`. Each
workunit runs over the policy with its own keyword arguments, one after the
other; upstream fuses them into one kernel, which computes the same results
for workunits that do not read what another writes at a different index."""


def dispatch_fused(dispatch, kind, args, kwargs):
    """Runs each workunit of the list that ends `args`; a reduction returns the
    sum of their sums (a fused kernel adds them into one accumulator)."""
    *head, workunits = args
    names = ["args_%d" % k for k in range(len(workunits))]
    unknown = sorted(set(kwargs) - set(names))
    if unknown:
        raise TypeError("pykokkos: a fused dispatch of %d workunits takes keyword arguments %s (dicts of each "
                        "workunit's arguments), got %s" % (len(workunits), ", ".join(names), ", ".join(unknown)))
    if kind == "scan":
        raise TypeError("pykokkos: parallel_scan takes one workunit (upstream fuses parallel_for and parallel_reduce)")
    results = []
    for k, wu in enumerate(workunits):
        wu_args = kwargs.get(names[k], {})
        if not isinstance(wu_args, dict):
            raise TypeError("pykokkos: %s is a dict of the arguments of workunit %d" % (names[k], k))
        results.append(dispatch(kind, tuple(head) + (wu,), dict(wu_args)))
    return sum(results) if kind == "reduce" else None
