// What other modules may use of the uploaded datasets: the data-portal calls list, preview and aggregate them here.
export {
  isUploadedDatasetId,
  queryUploaded,
  uploadedDetail,
  uploadedSummaries,
  type UploadedAggregate,
  type UploadedQuery,
} from './datasets.js';
