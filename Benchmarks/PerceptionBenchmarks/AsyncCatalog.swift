/// The cases beside the catalog's single-threaded and two-thread ones: the async sequences, the
/// continuous tracking, and the options tracking, each against its nearest native equivalent.
/// Kept apart from `Catalog.swift`, whose cases are generic over `Engine`: these use APIs that
/// differ in shape between the two sides.
func asyncCases(filter: String?) -> [Case] {
  var native: [String: Batch] = [:]
  #if canImport(Observation)
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
      native["perceptions-throughput"] = AsyncCases.observationsThroughput().map(
        AsyncCases.fastestPart)
      native["continuous-cycle"] = AsyncCases.fastestPart(
        of: AsyncCases.rearmingObservationCycle())
      native["options-cycle"] = OptionsCases.nativeCycle()
      native["perceptions-one-actor"] = OneActorCases.observations().map(
        AsyncCases.fastestPart)
      native["perceptions-parked-one-actor"] = OneActorCases.observationsParked().map(
        AsyncCases.fastestPart)
      native["apply-cycle-one-actor"] = AsyncCases.fastestPart(
        of: OneActorCases.rearmingObservation())
    }
  #endif
  let cases = [
    // Each element crosses threads, so the figure follows how soon the scheduler runs the
    // consumer, which on a shared machine swings widely.
    // Both rows time the fastest of four parts of each batch (see `AsyncCases.fastestPart`).
    // This one also depends on the process: how many writes each element coalesces follows
    // the scheduling, and it differed by up to 6 times between the sides of one run (10 to 433
    // writes per element), so one process's overhead ranged from -50% to +39%: it is measured
    // in several processes, as the rows the hash seed decides are.
    Case(
      id: "perceptions-throughput",
      title: "`Perceptions` vs `Observations` while a writer loops (per element received)",
      maxOperations: 1 << 16, processDependent: true,
      native: native["perceptions-throughput"],
      perception: AsyncCases.fastestPart(of: AsyncCases.perceptionsThroughput())),
    // Two thread wake-ups per change outweigh the engines' part here too.
    Case(
      id: "continuous-cycle",
      title: "continuous tracking vs a re-arming `withObservationTracking` (per change)",
      maxOperations: 1 << 12,
      native: native["continuous-cycle"],
      perception: AsyncCases.fastestPart(of: AsyncCases.continuousPerceptionCycle())),
    // Both sides on one actor, with no thread to wake (see `OneActorCases`): the engines' work
    // and the executor jobs they schedule. Timed as the fastest of four parts as well: the
    // actor's jobs still run on the global executor's threads, which another process can take.
    Case(
      id: "perceptions-one-actor",
      title: "`Perceptions` vs `Observations` on one actor: write, then next element",
      maxOperations: 1 << 16,
      native: native["perceptions-one-actor"],
      perception: AsyncCases.fastestPart(of: OneActorCases.perceptions())),
    Case(
      id: "perceptions-parked-one-actor",
      title: "`Perceptions` vs `Observations` on one actor, parked: write, then next element",
      maxOperations: 1 << 16,
      native: native["perceptions-parked-one-actor"],
      perception: AsyncCases.fastestPart(of: OneActorCases.perceptionsParked())),
    Case(
      id: "apply-cycle-one-actor",
      title: "continuous tracking vs a re-arming loop on one actor: write, then next call",
      maxOperations: 1 << 16,
      native: native["apply-cycle-one-actor"],
      perception: AsyncCases.fastestPart(of: OneActorCases.continuousPerception())),
    Case(
      id: "options-cycle", title: "willSet + didSet cycle, 1 read",
      native: native["options-cycle"], perception: OptionsCases.perceptionCycle()),
  ]
  return cases.filter { filter == nil || $0.id.contains(filter!) }
}
