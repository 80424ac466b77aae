import CPerceptionRuntime

/// The calling thread's words of the C runtime (`perception_thread_local.h`).
@usableFromInline
enum ThreadLocal {
  /// 0 outside every tracking scope and checked context, else the innermost scope's access
  /// list with checking's flags in the low bits (`slotFlagMask`).
  @inlinable
  static var slot: UInt {
    @inline(__always) get { perception_slot_get() }
    @inline(__always) set { perception_slot_set(newValue) }
  }

  @inlinable
  static var slotFlagMask: UInt {
    @inline(__always) get { UInt(PERCEPTION_SLOT_FLAG_MASK) }
  }

  static var callbackDepth: UInt {
    @inline(__always) get { perception_callback_depth_get() }
    @inline(__always) set { perception_callback_depth_set(newValue) }
  }
}

/// The calling thread (`perception_platform.h`).
enum CurrentThread {
  /// False where that cannot be told.
  static var isMain: Bool { perception_thread_is_main() }

  static var identifier: UInt64 { perception_thread_identifier() }

  /// A word naming this thread among the running ones (`perception_thread_token`).
  static var token: UInt { perception_thread_token() }
}
