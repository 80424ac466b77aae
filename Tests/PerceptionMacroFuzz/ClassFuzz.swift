import Foundation

/// Compiles generated classes with both macros and compares what they do.
struct ClassFuzz {
  let toolchain: Toolchain
  let report: FuzzReport

  func run(_ classes: [FuzzClass], batchSize: Int) {
    let broken = classes.filter { $0.breakage != nil }
    let sound = classes.filter { $0.breakage == nil }
    var start = 0
    while start < sound.count {
      let batch = Array(sound[start..<min(sound.count, start + batchSize)])
      compare(batch, name: "batch\(start)")
      start += batchSize
    }
    for fuzzClass in broken { checkBothFail(fuzzClass) }
  }

  /// Builds and runs a batch with each macro, in parallel, and compares the tracking logs.
  private func compare(_ batch: [FuzzClass], name: String) {
    let toolchain = self.toolchain
    let programs = [Probe.program(batch, native: true), Probe.program(batch, native: false)]
    let results = BuildResults()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let native = index == 0
      results.set(
        native,
        toolchain.buildAndRun(
          programs[index], native: native, name: "\(name)\(native ? "native" : "ours")"))
    }
    guard let native = results.get(true), let ours = results.get(false) else { return }
    guard native.build.status == 0, ours.build.status == 0 else {
      // Find the classes that fail, one by one, and compare the others without them.
      let compiling = batch.filter { compareCompilation($0) }
      if !compiling.isEmpty, compiling.count < batch.count { compare(compiling, name: name + "r") }
      return
    }
    report.checkedClasses += batch.count
    report.checkedCodableClasses += batch.filter { !$0.conformances.isEmpty }.count
    guard let nativeRun = native.run, let ourRun = ours.run, nativeRun.status == 0,
      ourRun.status == 0
    else {
      report.fail(
        "\(name): a probe program failed\n\(native.run?.output ?? "")\n\(ours.run?.output ?? "")")
      return
    }
    compareExpansions(batch.filter(ExpansionComparison.isComparable), name: name)
    let nativeLines = nativeRun.output.split(separator: "\n")
    let ourLines = ourRun.output.split(separator: "\n")
    report.comparedLines += nativeLines.count
    guard nativeLines != ourLines else { return }
    let differing = Set(
      zip(nativeLines, ourLines).filter { $0 != $1 }.map { String($0.0.prefix { $0 != "." }) })
    for fuzzClass in batch
    where differing.contains(fuzzClass.name) || nativeLines.count != ourLines.count {
      let lines = zip(nativeLines, ourLines).filter {
        $0 != $1 && $0.hasPrefix(fuzzClass.name + ".")
      }
      .map { "  native \($0)  ours \($1)" }
      report.fail(
        "\(fuzzClass.name) tracks differently:\n\(lines.joined(separator: "\n"))\n"
          + fuzzClass.render(native: false))
    }
  }

  /// Requires the same expansions, after renaming, from both macros.
  private func compareExpansions(_ classes: [FuzzClass], name: String) {
    guard !classes.isEmpty else { return }
    let differences = ExpansionComparison.differences(classes, toolchain, name: name)
    for fuzzClass in classes {
      let marker = "\(fuzzClass.name.utf8.count)\(fuzzClass.name)"
      // A backquoted property has another name in `@Observable`'s rendering, and so buffers of
      // other names.
      let renamed = fuzzClass.properties.contains { $0.backquoted }
      let own = differences.filter {
        $0.buffer.contains(marker) && !(renamed && ($0.native == "(none)" || $0.ours == "(none)"))
      }
      guard let first = own.first else { continue }
      report.fail(
        "\(fuzzClass.name) expands differently in \(own.count) buffers; first \(first.buffer):\n"
          + "native (renamed):\n\(first.native)\nours:\n\(first.ours)\n"
          + fuzzClass.render(native: false))
    }
    report.comparedExpansions += classes.count
  }

  /// Type-checks one class with each macro: both must compile, or the difference is a divergence.
  @discardableResult
  private func compareCompilation(_ fuzzClass: FuzzClass) -> Bool {
    let native = toolchain.typecheck(
      Probe.program([fuzzClass], native: true), native: true, name: "\(fuzzClass.name)native")
    let ours = toolchain.typecheck(
      Probe.program([fuzzClass], native: false), native: false, name: "\(fuzzClass.name)ours")
    switch (native.status == 0, ours.status == 0) {
    case (true, true):
      return true
    case (true, false):
      report.fail(
        "\(fuzzClass.name) compiles with @Observable only:\n\(firstErrors(ours.output))\n"
          + fuzzClass.render(native: false))
    case (false, true):
      report.fail(
        "\(fuzzClass.name) compiles with @Perceptible only (the generator meant both to):\n"
          + "\(firstErrors(native.output))\n" + fuzzClass.render(native: true))
    case (false, false):
      report.fail(
        "\(fuzzClass.name) compiles with neither macro (a generator bug):\n"
          + "\(firstErrors(native.output))\n" + fuzzClass.render(native: true))
    }
    report.checkedClasses += 1
    return false
  }

  /// A class with a deliberate error: both macros must fail, and ours with a single error when
  /// the error is one it reports itself.
  private func checkBothFail(_ fuzzClass: FuzzClass) {
    let native = toolchain.typecheck(
      Probe.nativePrelude + "\n" + fuzzClass.render(native: true), native: true,
      name: "\(fuzzClass.name)native")
    let ours = toolchain.typecheck(
      Probe.perceptionPrelude + "\n" + fuzzClass.render(native: false), native: false,
      name: "\(fuzzClass.name)ours")
    report.checkedClasses += 1
    if native.status == 0 || ours.status == 0 {
      report.fail(
        "\(fuzzClass.name) with '\(fuzzClass.breakage ?? "")' compiles with "
          + (native.status == 0 ? "@Observable" : "@Perceptible") + "\n"
          + fuzzClass.render(native: false))
    }
    let errors = ours.output.components(separatedBy: ": error: ").count - 1
    if fuzzClass.breakage?.hasPrefix("lazy") == true, errors != 1 {
      report.fail(
        "\(fuzzClass.name): \(errors) errors for a lazy property, not one:\n"
          + firstErrors(ours.output))
    }
  }

  private func firstErrors(_ output: String) -> String {
    output.split(separator: "\n").filter { $0.contains("error:") }.prefix(5).joined(
      separator: "\n")
  }
}

/// The builds of one batch, set from two threads.
final class BuildResults: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Bool: (build: Toolchain.Run, run: Toolchain.Run?)] = [:]

  func set(_ native: Bool, _ result: (build: Toolchain.Run, run: Toolchain.Run?)) {
    lock.withLock { results[native] = result }
  }

  func get(_ native: Bool) -> (build: Toolchain.Run, run: Toolchain.Run?)? {
    lock.withLock { results[native] }
  }
}
