import { useEffect, useState } from 'react';
import { fetchOnlineChat } from '../../api/service';
import { chatThroughContactButton, loadOnlineChat } from '../../platform/service-links';

/**
 * H5: the brand's online chat, when the brand offers one: its provider's script (the server
 * names it), loaded once the page shows the entry. `ready` once the chat can open; `demo` when
 * the server has no provider for the brand and gave the development demo instead.
 */
export function useOnlineChat(offered: boolean): { shown: boolean; ready: boolean; demo: boolean } {
  const shown = offered && !chatThroughContactButton;
  const [loaded, setLoaded] = useState<{ demo: boolean }>();
  useEffect(() => {
    if (!shown) return undefined;
    let current = true;
    void fetchOnlineChat().then(async (reply) => {
      if (reply.code !== 200 || !reply.data) return;
      const { scriptUrl, demo } = reply.data;
      if ((await loadOnlineChat(scriptUrl)) && current) setLoaded({ demo });
    });
    return () => {
      current = false;
    };
  }, [shown]);
  return { shown, ready: loaded !== undefined, demo: loaded?.demo ?? false };
}
