//! What the engine keeps on the device between visits: its tables and spreads, in the browser's Cache
//! Storage, read back intact or not at all.

use super::*;

impl Engine {
    /// The table of these rules kept on the device, if there is one and it is intact.
    pub(crate) async fn read_kept(&self, rules: Rules) -> Option<ValueTable> {
        let record = self.read_record(Kind::Table, rules).await?;
        table_cache::decode(rules, &record)
            .inspect_err(|refusal| warn(&format!("{refusal}: building it again")))
            .ok()
    }

    /// The spread of this table kept on the device, if there is one and it is intact.
    pub(crate) async fn read_kept_spread(&self, table: &ValueTable) -> Option<Spread> {
        let record = self.read_record(Kind::Spread, table.rules()).await?;
        table_cache::decode_spread(table, &record)
            .inspect_err(|refusal| warn(&format!("{refusal}: building it again")))
            .ok()
    }

    /// The record of this kind for these rules kept on the device, if there is one.
    async fn read_record(&self, kind: Kind, rules: Rules) -> Option<Vec<u8>> {
        let found = async {
            let cache = self.cache().await?;
            let response =
                JsFuture::from(cache.match_with_str(&table_cache::address_of(kind, rules))).await?;
            if response.is_undefined() {
                return Ok(None);
            }
            let response: web_sys::Response = response.dyn_into()?;
            let bytes = JsFuture::from(response.array_buffer()?).await?;
            Ok::<_, JsValue>(Some(js_sys::Uint8Array::new(&bytes).to_vec()))
        };
        found
            .await
            .inspect_err(|error| {
                warn(&format!(
                    "the tables kept on this device cannot be read: {error:?}"
                ))
            })
            .ok()
            .flatten()
    }

    /// Keeps a freshly built spread on the device beside its table (as the table is kept).
    pub(crate) async fn keep_spread_on_device(&self, table: &ValueTable, spread: &Spread) {
        let kept = async {
            let cache = self.cache().await?;
            let mut record = table_cache::encode_spread(table, spread);
            let response = web_sys::Response::new_with_opt_u8_array(Some(&mut record))?;
            let address = table_cache::address_of(Kind::Spread, table.rules());
            JsFuture::from(cache.put_with_str(&address, &response)).await?;
            Ok::<_, JsValue>(())
        };
        if let Err(error) = kept.await {
            warn(&format!("the spread could not be kept on this device: {error:?}"));
        }
    }

    /// Keeps a freshly built table on the device (replacing any refused record) and drops the caches of
    /// other engine versions. A device that refuses (no Cache Storage, no room) only loses the speed-up.
    pub(crate) async fn keep_on_device(&self, table: &ValueTable) {
        let kept = async {
            let caches = self.scope.caches()?;
            for name in JsFuture::from(caches.keys())
                .await?
                .unchecked_into::<js_sys::Array>()
                .iter()
            {
                let name = name.as_string().unwrap_or_default();
                if name.starts_with(table_cache::CACHE_PREFIX) && name != table_cache::cache_name() {
                    JsFuture::from(caches.delete(&name)).await?;
                }
            }
            let cache = self.cache().await?;
            let mut record = table_cache::encode(table);
            let response = web_sys::Response::new_with_opt_u8_array(Some(&mut record))?;
            JsFuture::from(cache.put_with_str(&table_cache::address(table.rules()), &response)).await?;
            Ok::<_, JsValue>(())
        };
        if let Err(error) = kept.await {
            warn(&format!("the table could not be kept on this device: {error:?}"));
        }
    }

    async fn cache(&self) -> Result<web_sys::Cache, JsValue> {
        let caches = self.scope.caches()?;
        JsFuture::from(caches.open(&table_cache::cache_name()))
            .await?
            .dyn_into()
    }
}
