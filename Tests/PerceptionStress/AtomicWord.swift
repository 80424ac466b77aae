import CPerceptionRuntime

/// A 32-bit atomic word, over the runtime's C atomics (Synchronization's `Atomic` needs
/// macOS 15 where the package supports 10.15).
final class AtomicWord: @unchecked Sendable {
  // Unchecked: the word is only read and written through the C atomics.
  private let word: UnsafeMutablePointer<perception_atomic_u32>

  init(_ value: UInt32 = 0) {
    word = .allocate(capacity: 1)
    perception_atomic_u32_init(word, value)
  }

  deinit { word.deallocate() }

  var value: UInt32 { perception_atomic_u32_load_acquire(word) }

  func store(_ value: UInt32) { perception_atomic_u32_store_release(word, value) }

  /// Adds one and returns the new value.
  @discardableResult
  func increment() -> UInt32 {
    while true {
      let old = value
      if perception_atomic_u32_compare_exchange(word, old, old &+ 1) { return old &+ 1 }
    }
  }
}
