import { useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui.tsx';
import { leadTexts } from '../texts.ts';

/** Whether the desk shows its Abandoned tab (?tab=abandoned, so a reload or a link keeps it). */
export function useAbandonedTab(): [boolean, (abandoned: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  return [
    search.get('tab') === 'abandoned',
    (abandoned) => setSearch(abandoned ? { tab: 'abandoned' } : {}, { replace: true }),
  ];
}

/** The desk's two lists: the orders to confirm, and the checkouts customers left. */
export function DeskTabs({ label }: { label: string }) {
  const [abandoned, choose] = useAbandonedTab();
  const tabs = [
    { key: 'queue', text: leadTexts.queueTab, selected: !abandoned },
    { key: 'abandoned', text: leadTexts.tab, selected: abandoned },
  ];
  return (
    <div role="tablist" aria-label={label} className="-mt-2 mb-4 flex gap-2">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.selected}
          className={`${buttonClass(tab.selected ? 'primary' : 'secondary')} min-h-11 flex-1 sm:flex-none`}
          onClick={() => choose(tab.key === 'abandoned')}
        >
          {tab.text}
        </button>
      ))}
    </div>
  );
}
