#if canImport(Observation)

  /// The fixed part of a `OnChangeOnce`, reached field by field through its own pointer, as an
  /// `Observer`'s is: other threads update `state` atomically at any time.
  struct OnChangeOnceHeader {
    /// An `ObserverState`, `active` until a thread fires it.
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

  /// The state around the user's `onChange` in a one-shot tracking on the native engine, and the
  /// context of the closure Observation calls: one allocation, as the wrapper closure's context
  /// costs anyway.
  ///
  /// Observation's `withObservationTracking(_:onChange:)` calls its `onChange` on the first
  /// willSet of each writer and cancels its tracking only afterwards, so two writers racing call
  /// it twice, and a write inside it calls it again. Claiming the `ObserverState` in `fire()`
  /// lets exactly one call through, ever: the first writer's.
  ///
  /// A one-shot tracking hands out no handle to cancel it by, so nothing waits for its callback
  /// to return and it never has a reader: unlike an `Observer`, it needs only the state's one
  /// step from `active` to `finished`, and none of the registrations, phases or kinds of
  /// callback an `Observer` keeps beside it.
  final class OnChangeOnce: ManagedBuffer<OnChangeOnceHeader, UInt8> {
    /// `onChange`, not yet fired.
    static func make(_ onChange: @escaping @Sendable () -> Void) -> OnChangeOnce {
      let buffer = create(minimumCapacity: 0) { _ in
        OnChangeOnceHeader(
          state: AtomicWord(), onChange: OneShotCallback(call: onChange))
      }
      let once = unsafeDowncast(buffer, to: OnChangeOnce.self)
      // Published to other threads by Observation, under its lock, once `apply` has returned.
      once.state.initialize(.active)
      return once
    }

    /// Calls `onChange` if no thread has yet, and lets go of it; does nothing otherwise. Runs
    /// counted in this thread's callback depth, as every Perception callback does, so that a
    /// cancel it makes does not wait; what `onChange` captured is released there too, as an
    /// `Observer` releases a fired one-shot's callbacks.
    func fire() {
      guard state.claimUnshared() else { return }
      ObserverState.insideCallback {
        // Only the thread that claimed it reaches the field after `make`: a swap, with no
        // retain of what it captured, through the field's own pointer.
        var onChange: OneShotCallback? = nil
        withUnsafeMutablePointerToHeader { swap(&onChange, &$0.pointer(to: \.onChange)!.pointee) }
        onChange?.call()
      }
    }

    /// The state word, in the object's header, which never moves.
    @inline(__always)
    private var state: ObserverState {
      ObserverState(withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! })
    }
  }
#endif
