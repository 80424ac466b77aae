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

/// A pointer-sized atomic word of the C runtime, for the word a `@Perceptible` object keeps
/// inline (`_PerceptibleRegistrar`). A struct around the C one, so that inlinable code names a
/// Swift type; same size and layout.
@frozen @usableFromInline
struct AtomicPointerWord {
  @usableFromInline
  var word: perception_atomic_pointer

  /// A word holding `value` (or zero), before any other thread can see it.
  @inlinable
  init(_ value: UnsafeMutableRawPointer? = nil) {
    word = perception_atomic_pointer()
    perception_atomic_pointer_init(&word, value)
  }

  /// The word's value, read by the one thread that can still reach it (a `deinit`).
  /// Its bits as they are: no atomic load, and no address taken (which would cost the caller a
  /// stack protector).
  @inlinable
  var unsharedValue: UnsafeMutableRawPointer? {
    unsafeBitCast(self, to: UnsafeMutableRawPointer?.self)
  }
}

extension UnsafeMutablePointer<AtomicPointerWord> {
  @inlinable
  var c: UnsafeMutablePointer<perception_atomic_pointer> {
    @inline(__always) get {
      UnsafeMutableRawPointer(self).assumingMemoryBound(to: perception_atomic_pointer.self)
    }
  }

  @inlinable @inline(__always)
  func loadAcquire() -> UnsafeMutableRawPointer? {
    perception_atomic_pointer_load_acquire(c)
  }

  /// Replaces zero with `value`; returns whether it did.
  @usableFromInline
  func publish(_ value: UnsafeMutableRawPointer) -> Bool {
    perception_atomic_pointer_publish(c, value)
  }
}
