import CPerceptionRuntime

/// A 32-bit atomic word (`perception_atomics.h`), in memory that never moves.
typealias AtomicWord = perception_atomic_u32

extension UnsafeMutablePointer<AtomicWord> {
  /// Before any other thread can see the word.
  @inline(__always)
  func initializeWord(_ value: UInt32) {
    perception_atomic_u32_init(self, value)
  }

  @inline(__always)
  func loadAcquire() -> UInt32 {
    perception_atomic_u32_load_acquire(self)
  }

  @inline(__always)
  func storeRelease(_ value: UInt32) {
    perception_atomic_u32_store_release(self, value)
  }

  @inline(__always)
  func compareExchange(_ expected: UInt32, _ desired: UInt32) -> Bool {
    perception_atomic_u32_compare_exchange(self, expected, desired)
  }

  /// Subtracts `value`; returns the word it replaced.
  @inline(__always)
  func subtract(_ value: UInt32) -> UInt32 {
    perception_atomic_u32_fetch_sub(self, value)
  }
}
