import { getDeliverabilityAnalyticsSeries, getDeliverabilityFailureHotspots } from './analytics.js';
import {
  cancelDeliverabilitySimulationJob, createDeliverabilitySimulationJob, getDeliverabilitySimulationJob, getDeliverabilitySimulationJobEvents,
  getLatestDeliverabilitySimulationJob, pauseDeliverabilitySimulationJob, resumeDeliverabilitySimulationJob,
} from './simulation.js';
import {
  createDeliverabilityTest, deleteDeliverabilityTest, duplicateDeliverabilityTest, exportDeliverabilityTestReport, exportDeliverabilityTestResults,
  getDeliverabilityTest, getDeliverabilityTestResults, getDeliverabilityTests, pauseDeliverabilityTest, pollDeliverabilityTestStatus,
  startDeliverabilityTest, stopDeliverabilityTest, updateDeliverabilityTest,
} from './tests.js';

/** DeliverabilityTestController. The analytics and latest-job routes come before the ones with ids in the same place. */
export const deliverabilityOperations = [
  getDeliverabilityAnalyticsSeries, getDeliverabilityFailureHotspots,
  createDeliverabilityTest, getDeliverabilityTests, getDeliverabilityTest, pollDeliverabilityTestStatus, updateDeliverabilityTest,
  startDeliverabilityTest, pauseDeliverabilityTest, stopDeliverabilityTest, duplicateDeliverabilityTest, deleteDeliverabilityTest,
  getDeliverabilityTestResults, exportDeliverabilityTestResults, exportDeliverabilityTestReport,
  getLatestDeliverabilitySimulationJob, createDeliverabilitySimulationJob, getDeliverabilitySimulationJob, getDeliverabilitySimulationJobEvents,
  pauseDeliverabilitySimulationJob, resumeDeliverabilitySimulationJob, cancelDeliverabilitySimulationJob,
];
