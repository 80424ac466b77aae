import Perception

/// A case's identity, without its work.
private struct Entry {
  var id: String
  var title: String
  var maxOperations = 1 << 24
  /// True for the large sizes of the growth cases, which only the full run measures: the quick
  /// run is CI's and keeps the small sizes.
  var fullRunOnly = false
  /// True where the process, its hash seed or its memory, decides the native-engine figure
  /// (see `Case.processDependent`).
  var processDependent = false
}

/// The cases, in table order.
private let entries: [Entry] = [
  Entry(id: "read", title: "read, no tracking scope"),
  Entry(id: "write", title: "write, no observers"),
  Entry(id: "write-equal", title: "write an equal value"),
  Entry(id: "modify", title: "`+=` through `_modify`"),
  Entry(
    id: "write-other-observed", title: "write while another property is observed",
    processDependent: true),
  Entry(id: "cycle-1", title: "full cycle, 1 read"),
  Entry(id: "cycle-10", title: "full cycle, 10 reads of 2 objects", processDependent: true),
  Entry(id: "empty-scope", title: "empty tracking scope"),
  Entry(id: "nested-3", title: "three nested empty scopes"),
  Entry(id: "create-destroy", title: "create and destroy an object"),
  Entry(
    id: "fan-out-1", title: "write with 1 observer", maxOperations: 1 << 16,
    processDependent: true),
  Entry(id: "fan-out-10", title: "write with 10 observers", maxOperations: 1 << 13),
  Entry(id: "fan-out-1000", title: "write with 1,000 observers", maxOperations: 64),
  Entry(
    id: "fan-out-100", title: "write with 100 observers", maxOperations: 1 << 10,
    fullRunOnly: true),
  Entry(
    id: "fan-out-10000", title: "write with 10,000 observers", maxOperations: 4,
    fullRunOnly: true),
  Entry(id: "grow-properties-1", title: "full cycle, 1 property of one wide object"),
  Entry(
    id: "grow-properties-10", title: "full cycle, 10 properties of one object",
    processDependent: true),
  Entry(
    id: "grow-properties-100", title: "full cycle, 100 properties of one object",
    fullRunOnly: true, processDependent: true),
  Entry(id: "grow-objects-10", title: "full cycle, 1 property of 10 objects"),
  Entry(
    id: "grow-objects-100", title: "full cycle, 1 property of 100 objects", fullRunOnly: true),
  Entry(
    id: "grow-objects-1000", title: "full cycle, 1 property of 1,000 objects",
    fullRunOnly: true),
  Entry(
    id: "grow-live-10000", title: "full cycle, 1 read, 10,000 other objects observed",
    fullRunOnly: true),
  Entry(
    id: "threads-separate", title: "2 threads, separate objects, different properties (per write)"),
  Entry(
    id: "threads-separate-same-property",
    title: "2 threads, separate objects, same property (per write)"),
  Entry(id: "threads-same", title: "2 threads, same object (per write)"),
  // The hand-written path (`HandWrittenModel`): the same cases on a class that calls
  // `PerceptionRegistrar` from its own accessors, beside the same `@Observable` class, and the
  // key path literal each of its calls passes, its floor.
  Entry(id: "hand-read", title: "hand-written: read, no tracking scope"),
  Entry(id: "hand-write", title: "hand-written: write, no observers"),
  Entry(id: "hand-modify", title: "hand-written: `+=` (get, then set)"),
  Entry(id: "hand-cycle-1", title: "hand-written: full cycle, 1 read"),
  // The same through the registrar's `Perceptible` entry points (`PerceptibleCalledModel`).
  Entry(id: "perceptible-read", title: "Perceptible entry points: read, no tracking scope"),
  Entry(id: "perceptible-write", title: "Perceptible entry points: write, no observers"),
  Entry(id: "perceptible-cycle-1", title: "Perceptible entry points: full cycle, 1 read"),
  Entry(
    id: "keypath-literal", title: "a key path literal, formed and dropped (no registrar)"),
]

/// Every case's work for one engine, keyed by case id.
private func batches<E: Engine>(_ engine: E.Type) -> [String: Batch] {
  [
    "read": Cases.read(engine),
    "write": Cases.write(engine),
    "write-equal": Cases.writeEqual(engine),
    "modify": Cases.modify(engine),
    "write-other-observed": Cases.writeWhileOtherObserved(engine),
    "cycle-1": Cases.cycle1(engine),
    "cycle-10": Cases.cycle10(engine),
    "empty-scope": Cases.emptyScope(engine),
    "nested-3": Cases.nestedScopes(engine),
    "create-destroy": Cases.createDestroy(engine),
    "fan-out-1": Cases.fanOut(engine, observers: 1),
    "fan-out-10": Cases.fanOut(engine, observers: 10),
    "fan-out-1000": Cases.fanOut(engine, observers: 1000),
    "fan-out-100": Cases.fanOut(engine, observers: 100),
    "fan-out-10000": Cases.fanOut(engine, observers: 10000),
    "grow-properties-1": GrowthCases.properties(engine, 1),
    "grow-properties-10": GrowthCases.properties(engine, 10),
    "grow-properties-100": GrowthCases.properties(engine, 100),
    "grow-objects-10": GrowthCases.objects(engine, 10),
    "grow-objects-100": GrowthCases.objects(engine, 100),
    "grow-objects-1000": GrowthCases.objects(engine, 1000),
    "grow-live-10000": GrowthCases.liveObjects(engine, 10000),
    "threads-separate": ThreadCases.separateObjects(engine, sameProperty: false),
    "threads-separate-same-property": ThreadCases.separateObjects(engine, sameProperty: true),
    "threads-same": ThreadCases.sameObject(engine),
  ]
}

/// The hand-written path's cases for one engine: `HandWrittenModel` on Perception's side,
/// the same `@Observable` model as the macro's cases on the native side.
private func handWrittenBatches<E: Engine>(_ engine: E.Type) -> [String: Batch] {
  [
    "hand-read": Cases.read(engine),
    "hand-write": Cases.write(engine),
    "hand-modify": Cases.modify(engine),
    "hand-cycle-1": Cases.cycle1(engine),
  ]
}

/// The `Perceptible` entry points' cases: `PerceptibleCalledModel` on Perception's side.
private func perceptibleCalledBatches<E: Engine>(_ engine: E.Type) -> [String: Batch] {
  [
    "perceptible-read": Cases.read(engine),
    "perceptible-write": Cases.write(engine),
    "perceptible-cycle-1": Cases.cycle1(engine),
  ]
}

/// The cases whose id contains `filter` (all of them for `nil`), with both engines' work; the
/// quick run leaves out the growth cases' large sizes.
func makeCases(filter: String?, quick: Bool = false) -> [Case] {
  var perception = batches(PerceptionTracker<PerceptionModel>.self)
  perception.merge(handWrittenBatches(PerceptionTracker<HandWrittenModel>.self)) { _, hand in hand }
  perception.merge(perceptibleCalledBatches(PerceptionTracker<PerceptibleCalledModel>.self)) {
    _, called in called
  }
  perception["keypath-literal"] = KeyPathLiteralCase.perception()
  var native: [String: Batch] = [:]
  #if canImport(Observation)
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      native = batches(NativeTracker.self)
      native.merge(handWrittenBatches(NativeTracker.self)) { _, hand in hand }
      native.merge(perceptibleCalledBatches(NativeTracker.self)) { _, called in called }
      native["keypath-literal"] = KeyPathLiteralCase.native()
    }
  #endif
  let selected = entries.filter { entry in
    (filter == nil || entry.id.contains(filter!)) && !(quick && entry.fullRunOnly)
  }
  let cases = selected.map { entry in
    Case(
      id: entry.id, title: entry.title, maxOperations: entry.maxOperations,
      processDependent: entry.processDependent, native: native[entry.id],
      perception: perception[entry.id]!)
  }
  return cases + asyncCases(filter: filter)
}

/// Heap per unobserved object for the figures this process's engine can give: the plain floor,
/// native `@Observable` and Perception on its runtime, or Perception on the native engine.
func measureHeap(on engine: PerceptionEngine) -> HeapReport {
  var report = HeapReport()
  guard engine == .perception else {
    report.perceptionOnNativeEngine = Heap.measure { PerceptionModel() }
    return report
  }
  report.plain = Heap.measure { PlainModel() }
  report.perception = Heap.measure { PerceptionModel() }
  #if canImport(Observation)
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      report.native = Heap.measure { NativeModel() }
    }
  #endif
  return report
}
