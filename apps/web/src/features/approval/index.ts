// What other features may include from process approval: the timeline, the detail-page panel, and the review block
// of a document submitted through its own call.
export { ProcessTimeline, ProcessTimelineView } from './components/process-timeline';
export { ApprovalPanel, ProcessStatusTag, type ApprovalPanelProps } from './components/approval-panel';
export { ProcessReview, type ProcessReviewProps } from './components/process-review';
