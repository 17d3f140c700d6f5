/** The widget's dialogs (spec 2 §2 "Modals"). */
export type RssWidgetDialog =
  'analysis' | 'generator-check' | 'submission-guide' | 'what-is-rss' | 'podcasting20' | 'all-urls';
