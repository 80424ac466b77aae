import CPerceptionRuntime

/// The calling thread's words of the C runtime (`perception_thread_local.h`).
@usableFromInline
enum ThreadLocal {
  /// The slot: 0 outside every tracking scope and checked context, else the innermost scope's
  /// access list with checking's flags in the low bits (`slotFlagMask`).
  @inlinable
  static var slot: UInt {
    @inline(__always) get { perception_slot_get() }
    @inline(__always) set { perception_slot_set(newValue) }
  }

  /// The low bits of the slot that carry flags rather than the list's address.
  @inlinable
  static var slotFlagMask: UInt {
    @inline(__always) get { UInt(PERCEPTION_SLOT_FLAG_MASK) }
  }

  /// How many Perception callbacks the thread is inside.
  static var callbackDepth: UInt {
    @inline(__always) get { perception_callback_depth_get() }
    @inline(__always) set { perception_callback_depth_set(newValue) }
  }
}

/// The calling thread, as the platform tells it (`perception_platform.h`).
enum CurrentThread {
  /// Whether it is the process's main thread (always false where that cannot be told).
  static var isMain: Bool { perception_thread_is_main() }

  /// The system's identifier of the thread, for the change trace.
  static var identifier: UInt64 { perception_thread_identifier() }

  /// Gives the processor to another thread, in a wait loop.
  @inline(__always)
  static func yield() {
    perception_thread_yield()
  }
}
