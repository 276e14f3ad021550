/** The ad crawlers the app does not render for (SPEC §2); the list is shared with the server. */
export { AD_CRAWLER_PATTERNS, isAdCrawler } from '../../contract/ad-crawler';
