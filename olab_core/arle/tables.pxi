# The fact tables of the core.  Every number comes from the data shipped with
# the facade (olab/data/arle/board.json and arle.json); olab.arle builds the
# tables from it and hands them to install_tables() once at import, so the
# core carries no second copy of the facts (a correction is a data change).

cdef bint TABLES_READY = False

cdef int16_t GOOD_CAP[N_GOODS]          # goods-track caps (0: unlimited)
cdef uint8_t TOOL_N[N_TOOLS]             # positions on each tool track
cdef uint8_t TOOL_VAL[N_TOOLS][TOOL_LEVELS]
cdef int8_t TOOL_VP[N_TOOLS][TOOL_LEVELS]
cdef uint8_t TOOL_COST_G[N_TOOLS]        # what one step costs (a good)
cdef uint8_t TOOL_COST_N[N_TOOLS]        #   and how many
cdef uint8_t SHOVEL_PAIRS[TOOL_LEVELS]   # dikes per Dike Builder by shovel position

cdef int8_t EQUIP_VP[N_EQUIP]
cdef int16_t EQUIP_WOOD[N_EQUIP]         # wood of the cost
cdef int16_t EQUIP_HORSES[N_EQUIP]       # horses of the cost (the plow: 1 cattle or horse)
cdef uint8_t EQUIP_LARGE[N_EQUIP]
cdef uint8_t EQUIP_PAIR[N_EQUIP]         # P_*: its double-sided supply tile

# vehicles by occupancy: state k is a vehicle of type VS_TYPE[k] whose spaces
# VS_MASK[k] are taken; VS_FIT[k][size] is the state after loading a tile of
# that size (255: it does not fit), VS_FLIP the state after a tile upgrade
cdef uint8_t VS_TYPE[N_VSTATES]
cdef uint8_t VS_MASK[N_VSTATES]
cdef uint8_t VS_FIT[N_VSTATES][5]
cdef uint8_t VS_FLIP[N_VSTATES]
cdef uint8_t VS_EMPTY[N_EQUIP]           # the empty state of each vehicle type (255: not a vehicle)
cdef uint8_t UPG_VS[N_UPGRADES]          # U_VEHICLE + k flips the vehicle state UPG_VS[k]
cdef uint8_t N_UPG_VS
cdef uint8_t LOAD_SIZE[N_LOAD_ITEMS]

cdef int8_t LAND_VP[N_LAND]
cdef uint8_t LAND_PAIR[N_LAND]
cdef uint8_t PAIR_BOX[N_PAIRS]           # tiles of each kind in the box
cdef uint8_t UPGRADE_OK[N_UPGRADES]      # which tile upgrades the data allows

cdef BuildingInfo BLD[N_BUILDINGS]
cdef DestInfo DEST[N_DEST]

cdef uint8_t TRACK_VP[16]                # VP of one goods indicator by position
cdef uint8_t FOOD_VP[31]                 # VP of the food total (two indicators)
cdef int8_t DIKE_TOP_PENALTY[8]          # by dike moves
cdef uint8_t DIKE_LAND[8]                # land spaces the dikes opened, by moves
cdef uint8_t DIKE_MAX
cdef uint8_t DIKE_ANIMALS                # animals the dikes hold (5 dikes x 1)
cdef uint8_t SPACE_LAND, SPACE_STALL, SPACE_STABLE, SPACE_PARK
cdef int8_t MOOR_VP_UNDRAINED, MOOR_VP_DEHYDRATED
cdef uint8_t MOOR_PEAT, BOARDWALK_PEAT
cdef uint8_t MAINLAND_START              # land spaces below the dike line at the start (2 empty + 4 covered)
cdef uint8_t SUST_NOV_FOOD, SUST_NOV_PEAT, SUST_MAY_FOOD
cdef int8_t MISSING_VP
cdef int8_t NO_LARGE_VP                  # the barn without a large vehicle at the end
cdef uint8_t MILK_SHEEP[3]              # milking: sheep for 1/2/3 food
cdef uint8_t MILK_CATTLE[3]             # milking: cattle for 1/2/3 food
cdef uint8_t SHEAR[3]                   # shearing: sheep for 1/2/3 wool
cdef uint8_t BREED_STALL[4]              # newborns by animals in a stall (index 0..3)
cdef uint8_t BREED_STABLE[7]             # newborns by animals in a stable (0..6)
cdef uint8_t SLOTS_GREEN, SLOTS_YELLOW, SLOTS_BLUE
cdef uint8_t WORKERS, HALF_YEARS
cdef uint8_t TRAVEL_SPACES            # spaces of the travel-experience track
cdef int16_t START_GOODS[N_GOODS]        # besides grain and hide, which the rules set
cdef uint32_t FIRST_PLAY_INNS
cdef uint8_t START_LAND[N_LAND]          # the tiles on a home board at the start
cdef uint8_t START_MOORS                 # undrained moor tiles at the start


def install_tables(dict t):
    """Fill the core's fact tables from ``t`` (built by :mod:`olab.arle.data`)."""
    global TABLES_READY, N_UPG_VS, DIKE_MAX, DIKE_ANIMALS, SPACE_LAND, SPACE_STALL, SPACE_STABLE
    global SPACE_PARK, MOOR_VP_UNDRAINED, MOOR_VP_DEHYDRATED, MOOR_PEAT, BOARDWALK_PEAT
    global MAINLAND_START, SUST_NOV_FOOD, SUST_NOV_PEAT, SUST_MAY_FOOD, MISSING_VP, NO_LARGE_VP
    global SLOTS_GREEN, SLOTS_YELLOW, SLOTS_BLUE, WORKERS, HALF_YEARS, FIRST_PLAY_INNS, TRAVEL_SPACES, START_MOORS
    cdef int i, j, g
    for i in range(N_GOODS):
        GOOD_CAP[i] = t["good_cap"][i]
        START_GOODS[i] = t["start_goods"][i]
    for i in range(N_TOOLS):
        tr = t["tools"][i]
        TOOL_N[i] = len(tr["values"])
        for j in range(TOOL_LEVELS):
            TOOL_VAL[i][j] = tr["values"][j] if j < TOOL_N[i] else 0
            TOOL_VP[i][j] = tr["vp"][j] if j < TOOL_N[i] else 0
        TOOL_COST_G[i] = tr["cost_good"]
        TOOL_COST_N[i] = tr["cost_n"]
    for j in range(TOOL_LEVELS):
        SHOVEL_PAIRS[j] = t["shovel_pairs"][j] if j < len(t["shovel_pairs"]) else 0
    for i in range(N_EQUIP):
        e = t["equipment"][i]
        EQUIP_VP[i] = e["vp"]
        EQUIP_WOOD[i] = e["wood"]
        EQUIP_HORSES[i] = e["horses"]
        EQUIP_LARGE[i] = e["large"]
        EQUIP_PAIR[i] = e["pair"]
        VS_EMPTY[i] = 255
    vs = t["vehicle_states"]
    if len(vs) != N_VSTATES:
        raise ValueError(f"{len(vs)} vehicle states; the core is built for {N_VSTATES}")
    for i in range(N_VSTATES):
        VS_TYPE[i] = vs[i]["type"]
        VS_MASK[i] = vs[i]["mask"]
        VS_FLIP[i] = vs[i]["flip"]
        for j in range(5):
            VS_FIT[i][j] = vs[i]["fit"][j]
        if vs[i]["mask"] == 0:
            VS_EMPTY[vs[i]["type"]] = i
    N_UPG_VS = len(t["upgrade_vehicle_states"])
    for i in range(N_UPGRADES):
        UPG_VS[i] = t["upgrade_vehicle_states"][i] if i < N_UPG_VS else 255
        UPGRADE_OK[i] = t["upgrade_ok"][i] if i < len(t["upgrade_ok"]) else 0
    for i in range(N_LOAD_ITEMS):
        LOAD_SIZE[i] = t["load_size"][i]
    for i in range(N_LAND):
        LAND_VP[i] = t["land_vp"][i]
        LAND_PAIR[i] = t["land_pair"][i]
    for i in range(N_PAIRS):
        PAIR_BOX[i] = t["pair_box"][i]
    for i in range(N_BUILDINGS):
        b = t["buildings"][i]
        memset(&BLD[i], 0, sizeof(BuildingInfo))
        for g in range(N_GOODS):
            BLD[i].cost[g] = b["cost"][g]
            if b["cost"][g]:
                if BLD[i].ncost >= 4:
                    raise ValueError(f"building {i}: more than 4 goods in its cost")
                BLD[i].cost_g[BLD[i].ncost] = g
                BLD[i].cost_n[BLD[i].ncost] = b["cost"][g]
                BLD[i].ncost += 1
        BLD[i].either_g[0] = BLD[i].either_g[1] = 255
        for j, (g, n) in enumerate(b["either"]):
            BLD[i].either_g[j] = g
            BLD[i].either_n[j] = n
        BLD[i].any_material = b["any_material"]
        BLD[i].distinct_materials = b["distinct_materials"]
        BLD[i].distinct_clothing = b["distinct_clothing"]
        BLD[i].color = b["color"]
        BLD[i].vp = b["vp"]
    for i in range(N_DEST):
        d = t["destinations"][i]
        memset(&DEST[i], 0, sizeof(DestInfo))
        DEST[i].size = d["size"]
        DEST[i].n = len(d["items"])
        for j, it in enumerate(d["items"]):
            DEST[i].item[j].kind = it["kind"]
            DEST[i].item[j].food = it["food"]
            for g in range(N_GOODS):
                DEST[i].item[j].give[g] = it["give"][g]
                if it["give"][g]:
                    if DEST[i].item[j].ng >= 3:
                        raise ValueError(f"destination {i} item {j}: more than 3 goods")
                    DEST[i].item[j].gg[DEST[i].item[j].ng] = g
                    DEST[i].item[j].gn[DEST[i].item[j].ng] = it["give"][g]
                    DEST[i].item[j].ng += 1
    for i in range(16):
        TRACK_VP[i] = t["track_vp"][i]
    for i in range(31):
        FOOD_VP[i] = t["food_vp"][i]
    for i in range(8):
        DIKE_TOP_PENALTY[i] = t["dike_top_penalty"][i]
        DIKE_LAND[i] = t["dike_land"][i]
    DIKE_MAX = t["dike_max"]
    DIKE_ANIMALS = t["dike_animals"]
    SPACE_LAND, SPACE_STALL, SPACE_STABLE, SPACE_PARK = t["animal_space"]
    MOOR_VP_UNDRAINED, MOOR_VP_DEHYDRATED = t["moor_vp"]
    MOOR_PEAT, BOARDWALK_PEAT = t["moor_peat"]
    MAINLAND_START = t["mainland_start"]
    SUST_NOV_FOOD, SUST_NOV_PEAT, SUST_MAY_FOOD = t["sustenance"]
    MISSING_VP = t["missing_vp"]
    NO_LARGE_VP = t["no_large_vp"]
    for i in range(3):
        MILK_SHEEP[i] = t["milk_sheep"][i]
        MILK_CATTLE[i] = t["milk_cattle"][i]
        SHEAR[i] = t["shear"][i]
    for i in range(4):
        BREED_STALL[i] = t["breed_stall"][i]
    for i in range(7):
        BREED_STABLE[i] = t["breed_stable"][i]
    SLOTS_GREEN, SLOTS_YELLOW, SLOTS_BLUE = t["slots"]
    WORKERS = t["workers"]
    HALF_YEARS = t["half_years"]
    FIRST_PLAY_INNS = t["first_play_inns"]
    TRAVEL_SPACES = t["travel_spaces"]
    for i in range(N_LAND):
        START_LAND[i] = t["start_land"][i]
    START_MOORS = t["start_moors"]
    TABLES_READY = True
