print("perception-bench: not yet")
