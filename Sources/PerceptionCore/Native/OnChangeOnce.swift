#if canImport(Observation)
  /// The fixed part of a `OnChangeOnce`, reached field by field, as an `Observer`'s is: other
  /// threads update `state` atomically at any time.
  struct OnChangeOnceHeader {
    /// An `ObserverState`, `active` until a thread fires it.
    var state: AtomicWord
    /// Nil once fired, taken out by the thread that fired it.
    var onChange: OneShotCallback?
  }

  /// `onChange` in a struct, so that a key path to the header's field names its storage: to a
  /// closure-typed field, a key path reabstracts the closure and names none, and reaching the
  /// field through the whole header would race with other threads' compare-exchanges of
  /// `state`.
  struct OneShotCallback {
    let call: @Sendable () -> Void
  }

  /// The user's `onChange` in a one-shot tracking on the native engine, and the context of the
  /// closure Observation calls.
  ///
  /// Observation's `withObservationTracking(_:onChange:)` calls its `onChange` on the first
  /// willSet of each writer and cancels its tracking only afterwards, so two racing writers call
  /// it twice, and a write inside it calls it again; claiming the state lets exactly one call
  /// through. A one-shot tracking hands out no handle to cancel it by, so nothing waits for its
  /// callback: the state needs only its one step from `active` to `finished`.
  final class OnChangeOnce: ManagedBuffer<OnChangeOnceHeader, UInt8> {
    static func make(_ onChange: @escaping @Sendable () -> Void) -> OnChangeOnce {
      let buffer = create(minimumCapacity: 0) { _ in
        OnChangeOnceHeader(state: AtomicWord(), onChange: OneShotCallback(call: onChange))
      }
      let once = unsafeDowncast(buffer, to: OnChangeOnce.self)
      // Observation publishes it to other threads, under its lock, once `apply` has returned.
      once.state.initialize(.active)
      return once
    }

    /// Calls `onChange` if no thread has yet, and lets go of it, inside this thread's callback
    /// depth as every Perception callback.
    func fire() {
      guard state.claimUnshared() else { return }
      ObserverState.insideCallback {
        // Only the claiming thread reaches the field after `make`: a swap retains nothing.
        var onChange: OneShotCallback? = nil
        withUnsafeMutablePointerToHeader { swap(&onChange, &$0.pointer(to: \.onChange)!.pointee) }
        onChange?.call()
      }
    }

    @inline(__always)
    private var state: ObserverState {
      ObserverState(withUnsafeMutablePointerToHeader { $0.pointer(to: \.state)! })
    }
  }
#endif
