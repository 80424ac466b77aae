import CPerceptionRuntime

/// A 32-bit atomic word of the C runtime (`perception_atomics.h`), for state words kept in
/// memory that never moves: a heap object's header or an allocation of its own.
typealias AtomicWord = perception_atomic_u32

extension UnsafeMutablePointer<AtomicWord> {
  /// Sets the word before any other thread can see it.
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

  /// Replaces `expected` with `desired`; returns whether it did.
  @inline(__always)
  func compareExchange(_ expected: UInt32, _ desired: UInt32) -> Bool {
    perception_atomic_u32_compare_exchange(self, expected, desired)
  }
}
