#if canImport(Glibc)
import Glibc
#endif

/// Seconds on the monotonic clock: for deadlines and timeouts, which a
/// change of the wall clock must not stretch or cut.
public enum MonotonicClock {
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
