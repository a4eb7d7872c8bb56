// What else the machine was doing while a bench ran: its figures are read beside this line.
import { availableParallelism, loadavg } from "node:os"

/** e.g. "2 cores, load average 1.2 0.9 0.7 (1, 5, 15 min)" */
export const machineLoad = () =>
  `${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (1, 5, 15 min)`
