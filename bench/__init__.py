"""The benchmarks; run each from the repository root as a module (`python -m bench.embed --runs 1`)."""
