#if canImport(Observation)

  /// The fixed part of a `OnChangeOnce`, reached field by field through its own pointer, as an
  /// `Observer`'s is: other threads update `state` atomically at any time.
  struct OnChangeOnceHeader {
    /// 0 until a thread fires it, 1 from then on.
    var state: AtomicWord
    /// The user's `onChange`; nil once fired, taken out by the thread that fired it.
    var onChange: OneShotCallback?
  }

  /// A one-shot tracking's `onChange`, in a struct so that a key path to the header's field names
  /// its storage: to a closure-typed field, a key path reabstracts the closure and names none,
  /// and reaching the field through the whole header instead is a modifying access of the header,
  /// `state` included, which other threads' compare-exchanges race with (ThreadSanitizer reports
  /// it).
  struct OneShotCallback {
    let call: @Sendable () -> Void
  }

  /// The flag around the user's `onChange` in a one-shot tracking on the native engine, and the
  /// context of the closure Observation calls: one allocation, as the wrapper closure's context
  /// costs anyway.
  ///
  /// Observation's `withObservationTracking(_:onChange:)` calls its `onChange` on the first
  /// willSet of each writer and cancels its tracking only afterwards, so two writers racing call
  /// it twice, and a write inside it calls it again. The compare-exchange in `fire()` lets
  /// exactly one call through, ever: the first writer's.
  ///
  /// A one-shot tracking hands out no handle to cancel it by, so nothing waits for its callback
  /// to return and there are no readers to count, unlike an `Observer`: the state is a flag.
  final class OnChangeOnce: ManagedBuffer<OnChangeOnceHeader, UInt8> {
    /// A flag around `onChange`, not yet fired.
    static func make(_ onChange: @escaping @Sendable () -> Void) -> OnChangeOnce {
      let buffer = create(minimumCapacity: 0) { _ in
        OnChangeOnceHeader(
          state: AtomicWord(), onChange: OneShotCallback(call: onChange))
      }
      let flag = unsafeDowncast(buffer, to: OnChangeOnce.self)
      // Published to other threads by Observation, under its lock, once `apply` has returned.
      flag.statePointer.initializeWord(0)
      return flag
    }

    /// Calls `onChange` if no thread has yet, and lets go of it; does nothing otherwise. Runs
    /// counted in this thread's callback depth, as every Perception callback does, so that a
    /// `cancel()` it makes does not wait; what `onChange` captured is released there too, as an
    /// `Observer` releases a fired one-shot's callbacks.
    func fire() {
      guard statePointer.compareExchange(0, 1) else { return }
      Observer.insideCallback {
        // Only the thread whose compare-exchange won reaches the field after `make`: a swap,
        // with no retain of what it captured, through the field's own pointer.
        var onChange: OneShotCallback? = nil
        withUnsafeMutablePointerToHeader { swap(&onChange, &$0.pointer(to: \.onChange)!.pointee) }
        onChange?.call()
      }
    }

    /// The state word. It lives in the object's header, which never moves.
    private var statePointer: UnsafeMutablePointer<AtomicWord> {
      withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! }
    }
  }
#endif
