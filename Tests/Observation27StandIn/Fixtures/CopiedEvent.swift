// Must fail to compile against Tests/Observation27StandIn: SE-0506's event is noncopyable and
// its callback borrows it, so keeping it is an error there, as it would be on the 27 releases.
import Observation
import Observation27StandIn

func keep(_ apply: () -> Void) {
  withObservationTracking(options: [.willSet], apply) { event in
    let kept = event
    _ = kept.kind
  }
}
