// What other features may include from process approval: the timeline and the detail-page panel.
export { ProcessTimeline, ProcessTimelineView } from './components/process-timeline';
export { ApprovalPanel, ProcessStatusTag, type ApprovalPanelProps } from './components/approval-panel';
