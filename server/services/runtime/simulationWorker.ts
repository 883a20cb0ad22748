import { serveWorkerJobs } from '../../lib/serveWorkerJobs.ts';
import { runSimulation, type SimulationInput } from './runSimulation.ts';

/** The thread that runs workflow simulations (SimulationRunner starts it through WorkerPool). */
serveWorkerJobs((input: SimulationInput) => runSimulation(input));
