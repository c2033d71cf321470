// Key prefixes of the data several features read (a merchant's locations and account tags). Every query about one of
// them starts with its prefix, so a change saved anywhere (Settings, Locations) refreshes the lists and the pickers
// alike; invalidate with the prefix.

/** Every query about a merchant's locations: lists, one location, the pickers. */
export const merchantLocationsKey = (merchantID: string) => ['merchant-locations', merchantID] as const;

/** Every query about a merchant's account tags: the Settings list and the customer forms' and filters' pickers. */
export const merchantTagsKey = (merchantID: string) => ['merchant-tags', merchantID] as const;
