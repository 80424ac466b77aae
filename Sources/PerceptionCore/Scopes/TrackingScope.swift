/// A tracking scope: the span of one `withPerceptionTracking` call's `apply`, during which
/// every property read on this thread is recorded in the scope's access list.
///
/// The list lives on this call's stack; the thread's slot points at the innermost one, and
/// each list points at the one it is nested in.
@usableFromInline
enum TrackingScope {
  /// The access list of the innermost scope, given the thread's slot; nil when the slot only
  /// carries flags.
  @inlinable
  static func accessList(inSlot slot: UInt) -> UnsafeMutablePointer<AccessList>? {
    UnsafeMutablePointer(bitPattern: slot & ~ThreadLocal.slotFlagMask)
  }

  /// The list of the innermost scope `slot` names, for a read of `keyPath` from the registrar
  /// behind `storage`; nil when the slot carries only checking's flags, after handing the read
  /// to perception checking, which may report it (debug builds).
  @inline(__always)
  static func accessList(
    forReadOf keyPath: AnyKeyPath, inSlot slot: UInt, storage: AnyObject, site: CallSite?
  ) -> UnsafeMutablePointer<AccessList>? {
    guard let list = accessList(inSlot: slot) else {
      if DebugBuild.isActive {
        CheckingReporter.readOutsideTracking(
          slot: slot, keyPath: keyPath, storage: storage, site: site)
      }
      return nil
    }
    return list
  }

  /// Opens a scope on this thread around `body`: an access list on the stack, chained to the
  /// enclosing scope's and named by the thread's slot from here on, with the enclosing slot's
  /// checking flags. `body` gets the list, the enclosing scope's list and the enclosing slot,
  /// which it stores back once the scope's `apply` has returned.
  @inlinable @inline(__always)
  static func withScope<R>(
    _ body: (
      _ list: UnsafeMutablePointer<AccessList>,
      _ enclosing: UnsafeMutablePointer<AccessList>?, _ enclosingSlot: UInt
    ) -> R
  ) -> R {
    // Uninitialized stack space: the list is a few hundred bytes that init mostly ignores.
    // Unprotected: the only writer of this buffer is the runtime's list code, bounded by the
    // list's own capacity (and run under ASan in CI), so a stack canary guards nothing here;
    // with one, every function this scope is inlined into pays the canary's store and check
    // (5 instructions), on the native engine's path too, which never touches the list.
    _withUnprotectedUnsafeTemporaryAllocation(of: AccessList.self, capacity: 1) {
      buffer in
      let list = buffer.baseAddress!
      let enclosingSlot = ThreadLocal.slot
      let enclosing = accessList(inSlot: enclosingSlot)
      list.initialize(enclosing: enclosing)
      ThreadLocal.slot = UInt(bitPattern: list) | (enclosingSlot & ThreadLocal.slotFlagMask)
      return body(list, enclosing, enclosingSlot)
    }
  }

  /// Runs `apply` in a new scope. When it returns, the reads it recorded are observed with the
  /// callbacks `makeCallbacks` returns (only called if `apply` read anything; nil observes
  /// nothing), and are added to the enclosing scope, so that nested reads count for outer
  /// scopes too.
  ///
  /// On the native engine, Observation's tracking runs the call instead (see
  /// `NativeTracking`), and a Perception scope only where releases need it
  /// (`runRecordingReleases`).
  ///
  /// Not generic, so that no generic metadata is looked up per call: the generic overload
  /// below is an inlinable shell around it, specialized where it is called.
  @usableFromInline
  static func run(
    _ apply: () -> Void, request: TrackingRequest,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) {
    #if canImport(Observation)
      if PerceptionEngine.isNative, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        NativeTracking.run(apply, request: request, callbacks: makeCallbacks)
        return
      }
    #endif
    runOnPerceptionEngine(
      apply, request: request, observingObservable: !EngineWord.current.isPerceptibleOnly,
      callbacks: makeCallbacks)
  }

  /// A scope on Perception's runtime around `apply`, returning its result: the one body of
  /// both overloads of `run` and of `runOnChange`.
  ///
  /// Wherever Swift's Observation exists, the scope also observes the `@Observable`
  /// properties `apply` reads (`TrackingScope+Observable`), unless `observingObservable` is
  /// false (the process chose to track `@Perceptible` models alone). Otherwise, and where no
  /// `@Observable` object can exist, the scope is inlined into the caller, and `apply` with it:
  /// a scope that reads nothing costs its list's setup, two stores to the thread's slot and a
  /// test, with no closure made and no call. A scope that read something finishes in `observe`.
  @inlinable @inline(__always)
  static func runOnPerceptionEngine<T>(
    _ apply: () -> T, request: TrackingRequest, observingObservable: Bool,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    #if canImport(Observation)
      if observingObservable, #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        var result: T?
        runSeeingObservable({ result = apply() }, request: request, callbacks: makeCallbacks)
        return result.take()!
      }
    #endif
    return runInScope(apply) { list, enclosing in
      observe(list, enclosing: enclosing, callbacks: makeCallbacks)
    }
  }

  /// The body of a scope on Perception's runtime: runs `apply` in a new scope, restores the
  /// enclosing one, and hands the scope's list to `observeReads` if `apply` read something.
  /// Inlined, `observeReads` with it, into every scope's caller: on Perception's runtime alone,
  /// and inside Observation's tracking (`PerceptibleSide`).
  @inlinable @inline(__always)
  static func runInScope<T>(
    _ apply: () -> T,
    observeReads: (
      _ list: UnsafeMutablePointer<AccessList>, _ enclosing: UnsafeMutablePointer<AccessList>?
    ) -> Void
  ) -> T {
    withScope { list, enclosing, enclosingSlot in
      let result = applyChecking(apply)
      ThreadLocal.slot = enclosingSlot
      // A list that recorded nothing owns nothing: no storage, no registrar.
      if _slowPath(list.pairCount != 0) { observeReads(list, enclosing) }
      return result
    }
  }

  /// A native-engine tracking call that must hear of releases where Observation reports none:
  /// `apply` runs in a Perception scope as well, whose reads make each object's Perception
  /// registrar (see `NativeRegistrarStorage`), and the observer that `observe` returns (made
  /// with the function it is handed) registers there, for the releases alone; Observation, run
  /// by `observe` around the scope's `apply`, reports the changes.
  static func runRecordingReleases(
    _ apply: () -> Void,
    _ observe: (_ applyInScope: () -> Void, _ makeObserver: (ObserverCallbacks) -> Observer)
      -> Observer?
  ) {
    withScope { list, enclosing, enclosingSlot in
      // Not escaping: `observe` runs it before it returns.
      let observer = withoutActuallyEscaping(apply) { apply in
        observe(
          {
            TrackingLocals.markingTracking(apply)
            ThreadLocal.slot = enclosingSlot
          },
          { make($0, for: list) })
      }
      if let observer { install(observer, for: list) }
      finish(list, enclosing: enclosing)
    }
  }

  /// The end of a scope on Perception's runtime that read something: observes the reads with
  /// the callbacks `makeCallbacks` returns, hands them to the enclosing scope, and frees the
  /// list's storage. The thread's slot already names the enclosing scope again.
  @usableFromInline
  static func observe(
    _ list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) {
    if let callbacks = makeCallbacks() {
      install(make(consume callbacks, for: list), for: list)
    }
    finish(list, enclosing: enclosing)
  }

  /// `observe`, for a scope that also observes `@Observable` models: returns the observer it
  /// registered, not yet armed (its installer arms it once Observation's side is installed
  /// too, so that a change that finishes it in between still ends that side); nil when
  /// `makeCallbacks` returned nil.
  static func observer(
    for list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> Observer? {
    defer { finish(list, enclosing: enclosing) }
    guard let callbacks = makeCallbacks() else { return nil }
    let observer = make(consume callbacks, for: list)
    register(observer, for: list)
    return observer
  }

  /// Adds the list's reads to the enclosing scope (or gives up its references to the
  /// registrars, if there is none), and frees the list's storage.
  private static func finish(
    _ list: UnsafeMutablePointer<AccessList>,
    enclosing: UnsafeMutablePointer<AccessList>?
  ) {
    if list.pairCount != 0 {
      if let enclosing {
        enclosing.merge(list, releaseRegistrar: releaseRegistrar)
      } else {
        releaseRegistrars(of: list)
      }
    }
    list.destroy()
  }

  /// Calls a scope's `apply` on Perception's runtime. Release builds call it and nothing else;
  /// debug builds check it, out of line (`checkedApply`).
  @inlinable @inline(__always)
  static func applyChecking<T>(_ apply: () -> T) -> T {
    if DebugBuild.isActive { return checkedApply(apply) }
    return apply()
  }

  /// `applyChecking`'s checks: `apply` runs marked as inside tracking, for the libraries that
  /// read `_PerceptionLocals.isInPerceptionTracking`.
  @usableFromInline
  static func checkedApply<T>(_ apply: () -> T) -> T {
    TrackingLocals.markingTracking(apply)
  }

  /// An observer for `callbacks`, with room for a registration in each registrar `list` read.
  private static func make(
    _ callbacks: consuming ObserverCallbacks,
    for list: UnsafeMutablePointer<AccessList>
  ) -> Observer {
    Observer.make(callbacks, registrarCount: list.registrarCount)
  }

  /// Registers `observer` in every registrar the list read, for the properties it read. Out
  /// of line: inlined into a scope's end, its closure's capture of the observer costs a
  /// retain and a release.
  @inline(never)
  private static func install(
    _ observer: Observer, for list: UnsafeMutablePointer<AccessList>
  ) {
    register(observer, for: list)
    observer.arm()
  }

  /// `install`'s registrations, without the arming.
  @inline(__always)
  private static func register(_ observer: Observer, for list: UnsafeMutablePointer<AccessList>) {
    forEachGroup(of: list) { storage, start, end in
      // A subject released inside the scope is not observed (nor reported released).
      guard !storage.isOnlyHeldByAnAccessList else { return }
      let table = storage._withUnsafeGuaranteedRef { $0.table() }
      observer.register(
        in: table, properties: list.properties(from: start), count: end - start)
    }
  }

  /// Gives up the list's one reference to each registrar it read.
  private static func releaseRegistrars(of list: UnsafeMutablePointer<AccessList>) {
    forEachGroup(of: list) { storage, _, _ in
      storage.release()
    }
  }

  /// Groups the list, then calls `body` with each registrar and the range of its pairs, once
  /// per registrar. The registrar comes unmanaged: the list's own reference keeps it alive, so
  /// `body` need not retain it.
  private static func forEachGroup(
    of list: UnsafeMutablePointer<AccessList>,
    _ body: (Unmanaged<RegistrarStorage>, Int, Int) -> Void
  ) {
    // The common scope reads one object: its pairs are one group, with no search for its end.
    if list.registrarCount == 1 {
      body(.fromOpaque(list.registrar(at: 0)), 0, list.pairCount)
      return
    }
    list.group()
    var start = 0
    while start < list.pairCount {
      let end = list.groupEnd(from: start)
      body(.fromOpaque(list.registrar(at: start)), start, end)
      start = end
    }
  }

  private static let releaseRegistrar: @convention(c) (UnsafeMutableRawPointer?) -> Void = {
    Unmanaged<RegistrarStorage>.fromOpaque($0!).release()
  }

  /// A one-shot `withPerceptionTracking(_:onChange:)`, its engine decided where it is called,
  /// from the engine word loaded once: Perception's runtime takes `runOnPerceptionEngine`,
  /// inlined; the native engine, where its plan is Observation's one-shot tracking alone
  /// (`NativeTrackingPlan.observationOnce`, with no trace to take the willSet path for), calls
  /// Observation right here, in every build. Forced inline because callers' closures are often
  /// generic specializations, into which Swift inlines only trivial functions: there `run<T>`,
  /// holding both engines' paths, would stay a call per nested native scope, which costs more
  /// than the rest of the native path adds to Observation's own. `onChange` runs only if
  /// `apply` read something, inside Observation's `onChange` autoclosure.
  @inlinable @inline(__always)
  static func runOnChange<T>(
    _ apply: () -> T, onChange: () -> @Sendable () -> Void
  ) -> T {
    let engine = EngineWord.current
    // Tested first, so that the scope of a process that chose it costs what it cost before
    // scopes observed @Observable models: the other's test is one compare in front of
    // Observation's tracking.
    if engine.isPerceptibleOnly {
      return runOnPerceptionEngine(apply, request: .onChange, observingObservable: false) {
        .onChange(onChange())
      }
    }
    if _fastPath(engine.isPerception) {
      return runOnPerceptionEngine(apply, request: .onChange, observingObservable: true) {
        .onChange(onChange())
      }
    }
    #if canImport(Observation)
      if !NativeObservationFeatures.mayHaveAdvancedTracking, engine.isNative,
        !TraceSwitch.isEnabled,
        #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
      {
        // Marked for perception checking as `NativeTracking.run` marks `apply`, but around
        // Observation's call: Observation gets `apply` itself, since a closure around it, even
        // one whose checks compile to nothing in release builds, costs a context and a call per
        // scope (an empty scope 266 → 286 instructions, @Observable's 254).
        return NativeTracking.runMarked {
          withObservationTracking(
            apply, onChange: NativeTracking.forwardOnce { .onChange(onChange()) })
        }
      }
    #endif
    return run(apply, request: .onChange, engine: engine) { .onChange(onChange()) }
  }

  /// Runs `apply` in a new scope and returns its result; see the non-generic `run`.
  ///
  /// On Perception's runtime the scope is inlined into the caller
  /// (`runOnPerceptionEngine`). The native engine, and an engine word not yet settled, take
  /// the non-generic `run`.
  @inlinable
  static func run<T>(
    _ apply: () -> T, request: TrackingRequest, engine: EngineWord = .current,
    callbacks makeCallbacks: () -> ObserverCallbacks?
  ) -> T {
    // In this order for the reason `runOnChange` gives.
    if engine.isPerceptibleOnly {
      return runOnPerceptionEngine(
        apply, request: request, observingObservable: false, callbacks: makeCallbacks)
    }
    if _fastPath(engine.isPerception) {
      return runOnPerceptionEngine(
        apply, request: request, observingObservable: true, callbacks: makeCallbacks)
    }
    var result: T?
    run({ result = apply() }, request: request, callbacks: makeCallbacks)
    return result!
  }
}
