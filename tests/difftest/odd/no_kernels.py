"""No kernels at all: a warning, no verdicts."""
x = 1
