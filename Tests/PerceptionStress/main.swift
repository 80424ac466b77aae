import Foundation

// perception-stress: the 8-thread stress test of the tracking APIs, and the memory loop.
// Tests/README.md ("Stress test") gives the commands; .ci/stress.sh runs the bounded modes.

let usage = """
  usage: perception-stress [--threads N] [--operations N | --seconds S] [--seed N]
                           [--watchdog S] [--tolerate INVARIANT]
         perception-stress --memory [--cycles N] [--bound-mib M]
    --operations N  operations per thread (default 20000); the bounded CI mode
    --seconds S     run for S seconds instead: the long mode
    --seed N        the seed each thread's generator derives from (default 1)
    --watchdog S    fail, printing every thread's stack, after S seconds without progress
                    (default 10)
    --tolerate INVARIANT  report the violations of INVARIANT (a known defect, for example
                    noCallbackAfterCancel) without failing the run; every invariant is strict
                    without it
    --memory        the memory loop: 1,000,000 track/fire, 1,000,000 install/cancel and
                    100,000 create/observe/release cycles; resident memory must come back
                    within the bound and nothing may be left alive
    --cycles N      the memory loop's track/fire and install/cancel cycles (default 1000000;
                    create/observe/release runs a tenth of it)
    --bound-mib M   the memory loop's bound on resident growth, in MiB (default 1)
    --late-callback-repro N  N rounds of the smallest reproduction of a willSet starting
                    after its cancel() returned on another thread; fails if one does
  The engine is PERCEPTION_ENGINE's (perception or native). Exits 1 on any violation.
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("perception-stress: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var stress = StressSettings()
var memory = MemorySettings()
var memoryMode = false
var reproRounds: Int?
var arguments = CommandLine.arguments.dropFirst()

@MainActor func number<T: LosslessStringConvertible>(_ option: String) -> T {
  guard let text = arguments.popFirst(), let value = T(text) else {
    fail("\(option) needs a number")
  }
  return value
}

while let argument = arguments.popFirst() {
  switch argument {
  case "--threads": stress.threads = number(argument)
  case "--operations": stress.operations = number(argument)
  case "--seconds": stress.seconds = number(argument)
  case "--seed": stress.seed = number(argument)
  case "--watchdog": stress.watchdogSeconds = number(argument)
  case "--tolerate":
    guard let name = arguments.popFirst(),
      let invariant = Invariant.allCases.first(where: { "\($0)" == name })
    else {
      fail("--tolerate needs one of: \(Invariant.allCases.map { "\($0)" }.joined(separator: ", "))")
    }
    stress.tolerated.insert(invariant)
  case "--late-callback-repro": reproRounds = number(argument)
  case "--memory": memoryMode = true
  case "--cycles":
    let cycles: Int = number(argument)
    memory.trackFire = cycles
    memory.installCancel = cycles
    memory.createRelease = cycles / 10
  case "--bound-mib":
    let mib: Double = number(argument)
    memory.boundBytes = Int(mib * 1_048_576)
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    fail("unknown argument \(argument)")
  }
}
if stress.threads < 1 { fail("--threads must be at least 1") }

let passed: Bool
if let reproRounds {
  passed = runLateCallbackRepro(rounds: max(1, reproRounds))
} else if memoryMode {
  passed = runMemoryLoop(memory)
} else {
  passed = runStress(stress)
  print(passed ? "result: PASS" : "result: FAIL")
}
exit(passed ? 0 : 1)
