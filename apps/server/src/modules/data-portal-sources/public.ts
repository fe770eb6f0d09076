// What other modules may use of the uploaded datasets: the data-portal calls list, preview and aggregate them here;
// the indicators check an uploaded source's dataset and measure here.
export {
  isUploadedDatasetId,
  queryUploaded,
  uploadedDetail,
  uploadedMeasures,
  uploadedSummaries,
  type UploadedAggregate,
  type UploadedQuery,
} from './datasets.js';
