#if canImport(Observation)
  /// The fixed part of a `OnChangeOnce`, reached field by field as other threads update `state`.
  struct OnChangeOnceHeader {
    /// An `ObserverState`, `active` until a thread fires it, which takes `onChange` out.
    var state: AtomicWord
    var onChange: OneShotCallback?
  }

  /// In a struct, so that a key path to the header's field names its storage: one to a closure
  /// field reabstracts it, and going through the whole header would race with writes of `state`.
  struct OneShotCallback {
    let call: @Sendable () -> Void
  }

  /// The user's `onChange` in a native one-shot tracking. Observation calls it on each writer's
  /// first willSet and cancels only afterwards, so racing writers call it twice, and a write
  /// inside it calls it again; claiming the state lets one through. No handle can cancel it, so
  /// nothing waits for its callback: the state needs only its step from `active` to `finished`.
  /// The setup's check (`NativeSetupWindow`) fires it too, for a write Observation missed.
  final class OnChangeOnce: ManagedBuffer<OnChangeOnceHeader, UInt8> {
    static func make(_ onChange: @escaping @Sendable () -> Void) -> OnChangeOnce {
      let buffer = create(minimumCapacity: 0) { _ in
        OnChangeOnceHeader(state: AtomicWord(), onChange: OneShotCallback(call: onChange))
      }
      let once = unsafeDowncast(buffer, to: OnChangeOnce.self)
      // Observation publishes it to other threads, under its lock, once `apply` has returned.
      once.withState { $0.initialize(.active) }
      return once
    }

    /// Calls `onChange` if no thread has yet, inside this thread's callback depth, and lets go.
    func fire() {
      guard withState({ $0.claimUnshared() }) else { return }
      ObserverState.insideCallback {
        // Only the claiming thread reaches the field after `make`: a swap retains nothing.
        var onChange: OneShotCallback? = nil
        withUnsafeMutablePointerToHeader { swap(&onChange, &$0.pointer(to: \.onChange)!.pointee) }
        onChange?.call()
      }
    }

    /// Calls `body` with the state, its word's pointer valid for the call only, as
    /// `withUnsafeMutablePointerToHeader` promises.
    @inline(__always)
    private func withState<R>(_ body: (ObserverState) -> R) -> R {
      withUnsafeMutablePointerToHeader { body(ObserverState($0.pointer(to: \.state)!)) }
    }
  }
#endif
