"""Helpers for building, serving and testing the lab; run each from the repository root as a module
(`python -m tools.serve`, `python -m tools.models minilm`, `python -m tools.qwen_stub`)."""
