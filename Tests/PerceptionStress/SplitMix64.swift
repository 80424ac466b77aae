/// A small deterministic generator (SplitMix64): each thread owns one, seeded from the run's
/// seed and its index, so a thread's choices repeat from run to run (the interleaving of the
/// threads does not).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`; `bound` must be positive.
  mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// True with probability `numerator / denominator`.
  mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }
}
